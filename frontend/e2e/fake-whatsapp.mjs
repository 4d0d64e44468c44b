// A fake WhatsApp Business Cloud API for the journeys (docs/messages.md): it records what the
// shop posts to `/{version}/{phone-number-id}/messages` and answers Meta's documented shape, so
// a journey reads the code « sent on WhatsApp » as the customer's phone would show it.
import { createServer } from 'node:http'

export const PHONE_NUMBER_ID = '1234567890'

export async function startFakeWhatsApp() {
  const sent = []
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== `/v21.0/${PHONE_NUMBER_ID}/messages`) {
        response.writeHead(404, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ error: { message: 'Unknown path', type: 'GraphMethodException', code: 100 } }))
        return
      }
      const message = JSON.parse(body)
      sent.push(message)
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify({
          messaging_product: 'whatsapp',
          contacts: [{ input: message.to, wa_id: message.to }],
          messages: [{ id: `wamid.fake${sent.length}` }],
        }),
      )
    })
  })
  await new Promise((resolveListen) => server.listen(0, '127.0.0.1', resolveListen))
  const base = `http://127.0.0.1:${server.address().port}/v21.0`
  return {
    /** The shop's settings that send its WhatsApp here. */
    env: { WHATSAPP_TOKEN: 'fake-token', WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID, WHATSAPP_API_BASE: base },
    sent,
    /** The code of the last login-code template sent to `waId` (digits, no +), waiting for it. */
    async codeSentTo(waId, within = 10_000) {
      const until = Date.now() + within
      for (;;) {
        const template = sent.filter((m) => m.to === waId && m.template?.name === 'code_connexion').at(-1)?.template
        if (template) return template.components[0].parameters[0].text
        if (Date.now() > until) throw new Error(`no login code sent to ${waId}`)
        await new Promise((r) => setTimeout(r, 100))
      }
    },
    stop: () => new Promise((resolveClose) => server.close(resolveClose)),
  }
}
