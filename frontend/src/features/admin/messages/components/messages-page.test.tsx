import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import { loggedInAsAdmin } from '@/testing/admin'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

beforeEach(() => sessionStore.clear())

function message(overrides: Record<string, unknown> = {}) {
  return {
    id: 'm1',
    kind: 'order_placed',
    kindLabel: 'Commande reçue',
    recipient: 'awa@example.sn',
    subject: 'Commande ORD-2611270001 reçue — Bitik Dakar',
    text: 'Bonjour Awa,',
    orderId: 'o1',
    state: 'failed',
    stateLabel: "Échec de l'envoi",
    attempts: 14,
    nextAttemptAt: '2026-11-27T08:00:00Z',
    lastError: 'connection refused',
    createdAt: '2026-11-26T08:00:00Z',
    sentAt: null,
    channel: 'email',
    template: null,
    delivery: null,
    ...overrides,
  }
}

/** GET /api/admin/messages answering `messages`, recording the states asked; resend recorded. */
function messagesServer(messages: ReturnType<typeof message>[]) {
  const asked: string[] = []
  const resent: string[] = []
  server.use(
    http.get('/api/admin/messages', ({ request }) => {
      const state = new URL(request.url).searchParams.get('state') ?? ''
      asked.push(state)
      const data = state ? messages.filter((m) => m.state === state) : messages
      return HttpResponse.json({ data, pagination: { page: 1, limit: 20, totalItems: data.length, totalPages: 1 } })
    }),
    http.post('/api/admin/messages/:id/resend', ({ params }) => {
      resent.push(String(params.id))
      return HttpResponse.json({ data: message({ id: String(params.id), state: 'pending', stateLabel: "En attente d'envoi", attempts: 0, lastError: null }) })
    }),
  )
  return { asked, resent }
}

describe('/admin/messages', () => {
  it('opens on every message (« Tous »), with recipient, state, attempts and last error, and sends one again', async () => {
    loggedInAsAdmin()
    const { asked, resent } = messagesServer([message(), message({ id: 'm2', state: 'sent', stateLabel: 'Envoyé', attempts: 1, lastError: null })])
    const user = userEvent.setup()
    renderApp('/admin/messages')
    const table = await screen.findByRole('table')
    expect(screen.getByRole('combobox', { name: 'État' })).toHaveValue('all')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(2)
    expect(rows[0]).toHaveTextContent('awa@example.sn')
    expect(rows[0]).toHaveTextContent("Échec de l'envoi")
    expect(rows[0]).toHaveTextContent('14')
    expect(rows[0]).toHaveTextContent('connection refused')
    expect(rows[1]).toHaveTextContent('Envoyé')
    expect(asked[0]).toBe('')
    await user.click(within(rows[0]!).getByRole('button', { name: 'Renvoyer Commande reçue à awa@example.sn' }))
    await waitFor(() => expect(resent).toEqual(['m1']))
  })

  it('« Lire » shows a message’s body with its line breaks', async () => {
    loggedInAsAdmin()
    const text = 'Bonjour Awa,\n\nNous avons bien reçu votre commande ORD-2611270001.\nTotal : 17 500 FCFA'
    messagesServer([message({ text })])
    const user = userEvent.setup()
    renderApp('/admin/messages')
    const row = within(await screen.findByRole('table')).getAllByRole('row')[1]!
    const body = within(row).getByText(/Nous avons bien reçu votre commande/)
    expect(body).not.toBeVisible()
    await user.click(within(row).getByText('Lire'))
    expect(body).toBeVisible()
    expect(body.textContent).toBe(text)
    expect(within(row).getByRole('group')).toHaveAttribute('open')
  })

  it('filters by a state when one is chosen', async () => {
    loggedInAsAdmin()
    const { asked } = messagesServer([
      message(),
      message({ id: 'm2', state: 'not_configured', stateLabel: 'Non envoyé : e-mail non configuré', attempts: 0, lastError: null }),
    ])
    const user = userEvent.setup()
    renderApp('/admin/messages')
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3))
    await user.selectOptions(screen.getByRole('combobox', { name: 'État' }), 'not_configured')
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2))
    expect(screen.getByText('Non envoyé : e-mail non configuré', { selector: 'td' })).toBeInTheDocument()
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/messages?state=not_configured')
    expect(asked).toEqual(['', 'not_configured'])
  })
})

describe('a WhatsApp message', () => {
  it('names its channel and shows Meta’s ticks: read in words, a failure with Meta’s error', async () => {
    loggedInAsAdmin()
    const whatsapp = { channel: 'whatsapp', recipient: '+221771234567', template: 'commande_recue', state: 'sent', stateLabel: 'Envoyé' }
    messagesServer([
      message({ id: 'w1', ...whatsapp, delivery: { state: 'read', label: 'Lu', at: '2026-11-26T08:01:00Z', error: null } }),
      message({
        id: 'w2',
        ...whatsapp,
        delivery: { state: 'failed', label: 'Non distribué', at: '2026-11-26T08:01:00Z', error: '131026 : Message undeliverable' },
      }),
    ])
    renderApp('/admin/messages')
    const [read, failed] = within(await screen.findByRole('table')).getAllByRole('row').slice(1)
    expect(read).toHaveTextContent('WhatsApp+221771234567')
    expect(within(read!).getByText('Lu')).toHaveAttribute('data-delivery', 'read')
    expect(failed).toHaveTextContent('Non distribué : 131026 : Message undeliverable')
  })
})
