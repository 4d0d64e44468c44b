import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import { loggedInAsAdmin, loggedInAsStaff } from '@/testing/admin'
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
    resendable: true,
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

/** The month's WhatsApp bill as the server answers it: 14 order messages at 2,40 FCFA, 3 codes at an unset price. */
function costs(month = '2026-12') {
  return {
    month,
    categories: [
      { category: 'utility', label: 'Utilitaire', count: 14, unitPriceHundredths: 240, unitPriceLabel: '2,40 FCFA', cost: 34 },
      { category: 'authentication', label: 'Authentification', count: 3, unitPriceHundredths: null, unitPriceLabel: 'prix non renseigné', cost: null },
    ],
    total: null,
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
      return HttpResponse.json({ data: message({ id: String(params.id), state: 'pending', stateLabel: "En attente d'envoi", resendable: false, attempts: 0, lastError: null }) })
    }),
    http.get('/api/admin/messages/costs', () => HttpResponse.json({ data: costs() })),
  )
  return { asked, resent }
}

describe('/admin/messages', () => {
  it('opens on every message (« Tous »), with recipient, state, attempts and last error, and sends one again', async () => {
    loggedInAsAdmin()
    const { asked, resent } = messagesServer([message(), message({ id: 'm2', state: 'sent', stateLabel: 'Envoyé', attempts: 1, lastError: null })])
    const user = userEvent.setup()
    renderApp('/admin/messages')
    const table = await screen.findByRole('table', { name: 'Messages' })
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
    const row = within(await screen.findByRole('table', { name: 'Messages' })).getAllByRole('row')[1]!
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
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Messages' })).getAllByRole('row')).toHaveLength(3))
    await user.selectOptions(screen.getByRole('combobox', { name: 'État' }), 'not_configured')
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Messages' })).getAllByRole('row')).toHaveLength(2))
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
    const [read, failed] = within(await screen.findByRole('table', { name: 'Messages' })).getAllByRole('row').slice(1)
    expect(read).toHaveTextContent('WhatsApp+221771234567')
    expect(within(read!).getByText('Lu')).toHaveAttribute('data-delivery', 'read')
    expect(failed).toHaveTextContent('Non distribué : 131026 : Message undeliverable')
  })
})

describe('the month’s WhatsApp cost', () => {
  it('shows each category’s count and cost, an unset price as such, and another month on request', async () => {
    loggedInAsAdmin()
    messagesServer([message()])
    const months: string[] = []
    server.use(
      http.get('/api/admin/messages/costs', ({ request }) => {
        const month = new URL(request.url).searchParams.get('month') ?? ''
        months.push(month)
        return HttpResponse.json({ data: costs(month || '2026-12') })
      }),
    )
    renderApp('/admin/messages')
    const bill = await screen.findByRole('table', { name: 'Messages WhatsApp envoyés et leur coût' })
    const [utility, codes] = within(bill).getAllByRole('row').slice(1, 3)
    expect(utility).toHaveTextContent('Utilitaire142,40 FCFA34 FCFA')
    expect(codes).toHaveTextContent('Authentification3prix non renseigné—')
    expect(within(bill).getByRole('row', { name: /Total/ })).toHaveTextContent('incomplet : prix non renseigné')
    const month = screen.getByLabelText('Mois')
    expect(month).toHaveValue('2026-12')
    fireEvent.change(month, { target: { value: '2026-11' } })
    await waitFor(() => expect(months).toEqual(['', '2026-11']))
  })

  it('is not shown to a seller, who does not read the shop’s figures', async () => {
    loggedInAsStaff('seller')
    messagesServer([message()])
    renderApp('/admin/messages')
    await screen.findByRole('table', { name: 'Messages' })
    expect(screen.queryByRole('heading', { name: 'Coût WhatsApp du mois' })).not.toBeInTheDocument()
  })
})

describe('a login code', () => {
  it('is listed as sent, and offers no « Renvoyer »: the customer asks for a new one', async () => {
    loggedInAsAdmin()
    const code = message({
      id: 'c1', kind: 'login_code', kindLabel: 'Code de connexion', channel: 'whatsapp', recipient: '+221771234567',
      template: 'code_connexion', state: 'sent', stateLabel: 'Envoyé', resendable: false, attempts: 1, lastError: null,
      text: "Code de connexion envoyé sur WhatsApp (le code n'est pas gardé).",
    })
    messagesServer([code])
    renderApp('/admin/messages')
    const row = within(await screen.findByRole('table', { name: 'Messages' })).getAllByRole('row')[1]!
    expect(row).toHaveTextContent('Code de connexion')
    expect(within(row).queryByRole('button', { name: /Renvoyer/ })).not.toBeInTheDocument()
  })
})
