import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const TOKEN = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'

/** GET /api/orders/confirm/{token}: the link's order still to confirm, unless said otherwise. */
function linkState(state: { confirmation: string | null; confirmable: boolean } = { confirmation: 'awaiting', confirmable: true }) {
  server.use(http.get('/api/orders/confirm/:token', () => HttpResponse.json({ data: { orderNumber: 'ORD-2611270042', ...state } })))
}

beforeEach(() => {
  sessionStore.clear()
  linkState()
})

describe('/confirm/{token}', () => {
  it('confirms the order with one tap, without logging in, and only on the tap', async () => {
    const sent: unknown[] = []
    server.use(
      http.post('/api/orders/confirm', async ({ request }) => {
        sent.push(await request.json())
        return HttpResponse.json({ data: { orderNumber: 'ORD-2611270042', confirmation: 'confirmed' } })
      }),
    )
    const user = userEvent.setup()
    renderApp(`/confirm/${TOKEN}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirmer votre commande' })).toBeVisible()
    expect(sent).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Confirmer ma commande' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande confirmée' })).toBeVisible()
    // The number is kept on one line in a span of its own: the sentence is the paragraph's.
    expect(screen.getByText(/est confirmée/)).toHaveTextContent(/Votre commande ORD-2611270042 est confirmée/)
    expect(sent).toEqual([{ token: TOKEN }])
  })

  it("says in the server's words that a link has served already", async () => {
    server.use(
      http.post('/api/orders/confirm', () =>
        HttpResponse.json({ code: 'confirmation_link_used', message: 'Ce lien de confirmation a déjà servi.' }, { status: 409 }),
      ),
    )
    const user = userEvent.setup()
    renderApp(`/confirm/${TOKEN}`)
    await user.click(await screen.findByRole('button', { name: 'Confirmer ma commande' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Ce lien de confirmation a déjà servi.')
    expect(screen.queryByRole('button', { name: 'Confirmer ma commande' })).not.toBeInTheDocument()
  })

  it('says an order the shop already confirmed by phone is confirmed, without asking again', async () => {
    linkState({ confirmation: 'confirmed', confirmable: false })
    renderApp(`/confirm/${TOKEN}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande confirmée' })).toBeVisible()
    expect(screen.getByText(/déjà confirmée/)).toHaveTextContent(/Votre commande ORD-2611270042 est déjà confirmée/)
    expect(screen.queryByRole('button', { name: 'Confirmer ma commande' })).not.toBeInTheDocument()
  })

  it('says an order past confirming cannot be confirmed any more', async () => {
    linkState({ confirmation: 'awaiting', confirmable: false })
    renderApp(`/confirm/${TOKEN}`)
    expect(await screen.findByRole('alert')).toHaveTextContent('Cette commande ne peut plus être confirmée.')
    expect(screen.queryByRole('button', { name: 'Confirmer ma commande' })).not.toBeInTheDocument()
  })
})
