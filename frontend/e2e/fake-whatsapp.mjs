// A fake WhatsApp Business Cloud API for the journeys (docs/messages.md): it records what the
// shop posts to `/{version}/{phone-number-id}/messages` and answers Meta's documented shape (each
// message its own id), so a journey reads the code « sent on WhatsApp » as the customer's phone
// would show it; and it posts Meta's webhooks to the shop, signed with the app secret.
import { createHmac } from 'node:crypto'
import { createServer } from 'node:http'

export const PHONE_NUMBER_ID = '1234567890'
const APP_SECRET = 'fake-app-secret'

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
      message.id = `wamid.fake${sent.length + 1}`
      sent.push(message)
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify({
          messaging_product: 'whatsapp',
          contacts: [{ input: message.to, wa_id: message.to }],
          messages: [{ id: message.id }],
        }),
      )
    })
  })
  await new Promise((resolveListen) => server.listen(0, '127.0.0.1', resolveListen))
  const base = `http://127.0.0.1:${server.address().port}/v21.0`
  return {
    /** The shop's settings that send its WhatsApp here. */
    env: {
      WHATSAPP_TOKEN: 'fake-token',
      WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
      WHATSAPP_API_BASE: base,
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: 'fake-verify-token',
    },
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
    /** The messages sent to `waId`, once `count` have come, waiting for them. */
    async sentTo(waId, count = 1, within = 10_000) {
      const until = Date.now() + within
      for (;;) {
        const to = sent.filter((m) => m.to === waId)
        if (to.length >= count) return to
        if (Date.now() > until) throw new Error(`fewer than ${count} messages sent to ${waId}`)
        await new Promise((r) => setTimeout(r, 100))
      }
    },
    /** Posts Meta's webhook with `value` (statuses, messages) to the shop at `shopUrl`, signed. */
    async deliver(shopUrl, value) {
      const body = JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [{ id: 'WABA', changes: [{ field: 'messages', value: {
          messaging_product: 'whatsapp',
          metadata: { display_phone_number: '221770000000', phone_number_id: PHONE_NUMBER_ID },
          ...value,
        } }] }],
      })
      const signature = `sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}`
      const answer = await fetch(new URL('/api/webhooks/whatsapp', shopUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        body,
      })
      if (answer.status !== 200) throw new Error(`the webhook answered ${answer.status}`)
    },
    stop: () => new Promise((resolveClose) => server.close(resolveClose)),
  }
}
