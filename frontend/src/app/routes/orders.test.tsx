import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import type { Order } from '@/features/orders/api/order-schema'
import { makeOrder } from '@/testing/orders'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'
import { loggedInAs } from '@/testing/users'
import { NBSP } from '@/lib/typography'

const location = () => screen.getByTestId('location').textContent

function ordersPage(orders: Order[], pagination = { page: 1, limit: 10, totalItems: orders.length, totalPages: 1 }) {
  return HttpResponse.json({ data: orders, pagination })
}

/** GET/POST of one order on a fake server that applies the cancel rule. */
function mockOrder(initial: Order) {
  let order = initial
  const calls = { cancel: 0, detail: 0 }
  server.use(
    http.get(`/api/orders/${String(initial.id)}`, () => {
      calls.detail += 1
      return HttpResponse.json({ data: order })
    }),
    http.post(`/api/orders/${String(initial.id)}/cancel`, () => {
      calls.cancel += 1
      if (!order.cancellable) {
        return HttpResponse.json({ code: 'order_not_cancellable', message: 'Cette commande ne peut plus être annulée.' }, { status: 409 })
      }
      order = {
        ...order,
        status: 'cancelled',
        cancellable: false,
        // The server's words for an order cancelled unpaid.
        paymentInfo: { ...order.paymentInfo!, label: 'Non payée' },
        statusHistory: [...(order.statusHistory ?? []), { status: 'cancelled', date: '2025-03-06T09:15:00Z', by: 'Client', note: '' }],
      }
      return HttpResponse.json({ data: order })
    }),
  )
  return { calls, current: () => order }
}

beforeEach(() => {
  sessionStore.clear()
  loggedInAs()
})

describe('/orders', () => {
  it('lists the orders, newest first as the server sends them, with status labels and pages', async () => {
    let query = ''
    server.use(
      http.get('/api/orders', ({ request }) => {
        query = new URL(request.url).search
        return ordersPage(
          [
            makeOrder({
              id: 'o2',
              orderNumber: 'ORD-5000000002',
              createdAt: '2025-03-06T10:00:00Z',
              status: 'shipped',
              paymentMethod: 'wave',
              paymentInfo: { status: 'paid', label: 'Payée', paymentMethod: 'wave', paidAt: '2025-03-06T10:05:00Z' },
            }),
            makeOrder({ id: 'o1', orderNumber: 'ORD-5000000001', status: 'pending' }),
          ],
          { page: 2, limit: 10, totalItems: 22, totalPages: 3 },
        )
      }),
    )
    renderApp('/orders?page=2')
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes commandes' })).toBeVisible()
    const rows = await screen.findAllByRole('link', { name: /ORD-5/ })
    expect(rows.map((row) => row.getAttribute('href'))).toEqual(['/orders/o2', '/orders/o1'])
    expect(rows[0]).toHaveTextContent('6 mars 2025')
    expect(rows[0]).toHaveTextContent('Expédiée')
    expect(within(rows[0]!).getByTestId('order-row-payment')).toHaveTextContent('Payée')
    expect(rows[1]).toHaveTextContent('En attente')
    expect(within(rows[1]!).getByTestId('order-row-payment')).toHaveTextContent('À payer à la livraison')
    expect(rows[1]).toHaveTextContent('24 000 FCFA')
    expect(rows[1]).toHaveTextContent('3 articles')
    expect(query).toBe('?page=2&limit=10')
    expect(screen.getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/orders')
    expect(screen.getByRole('link', { name: 'Page 3' })).toHaveAttribute('href', '/orders?page=3')
  })

  it('says "Impossible de charger vos commandes" when the list fails', async () => {
    server.use(http.get('/api/orders', () => HttpResponse.json({ code: 'unavailable', message: 'Service indisponible' }, { status: 400 })))
    renderApp('/orders')
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossible de charger vos commandes')
  })
})

describe('/orders/{id}', () => {
  it('shows status, lines, totals, delivery, payment and the history in Dakar time', async () => {
    const order = makeOrder({
      // 23:30 UTC is 23:30 in Dakar (and already the next day in Paris).
      createdAt: '2025-03-05T23:30:00Z',
      statusHistory: [{ status: 'pending', date: '2025-03-05T23:30:00Z', by: 'Client', note: '' }],
    })
    mockOrder(order)
    renderApp(`/orders/${order.id}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande ORD-4128905123' })).toBeVisible()
    expect(screen.getByText('Passée le 5 mars 2025 à 23:30')).toBeVisible()
    expect(screen.getByTestId('order-status')).toHaveTextContent('En attente')

    const lines = within(screen.getByRole('list', { name: 'Articles' })).getAllByRole('listitem')
    expect(lines[0]).toHaveTextContent('T-shirt Yoff Surf Club')
    expect(lines[0]).toHaveTextContent('Taille : M')
    expect(lines[0]).toHaveTextContent('Quantité : 2')
    expect(lines[0]).toHaveTextContent('16 000 FCFA')
    expect(lines[0]).toHaveTextContent('8 000 FCFA l’unité')
    expect(lines[1]).toHaveTextContent('Chaîne Gorée')
    expect(lines[1]).not.toHaveTextContent('Taille')
    expect(screen.getByTestId('order-subtotal')).toHaveTextContent('22 500 FCFA')
    expect(screen.getByTestId('order-shipping')).toHaveTextContent('1 500 FCFA')
    expect(screen.getByTestId('order-total')).toHaveTextContent('24 000 FCFA')

    const delivery = screen.getByRole('region', { name: 'Livraison' })
    expect(delivery).toHaveTextContent('Awa Diop')
    expect(delivery).toHaveTextContent('Unité 15, villa 210')
    expect(delivery).toHaveTextContent('Parcelles Assainies (Dakar ville)')
    expect(delivery).toHaveTextContent('Point de repère : Près du terminus des bus')
    expect(delivery).toHaveTextContent('Instructions : Appeler avant de venir')
    expect(delivery).toHaveTextContent('77 123 45 67')
    expect(await within(delivery).findByText(/Livraison standard/)).toBeVisible()

    expect(screen.getByTestId('order-payment-method')).toHaveTextContent('Paiement à la livraison')
    expect(screen.getByTestId('order-payment-status')).toHaveTextContent('À payer à la livraison')
    const history = within(screen.getByRole('region', { name: 'Historique' })).getAllByRole('listitem')
    expect(history.map((entry) => entry.textContent)).toEqual(['En attente5 mars 2025 à 23:30 · Client'])
  })

  it('offers Contacter le service client on WhatsApp, with the order number, only while pending', async () => {
    const pending = makeOrder()
    mockOrder(pending)
    renderApp(`/orders/${pending.id}`)
    const contact = await screen.findByRole('link', { name: 'Contacter le service client' })
    const href = new URL(contact.getAttribute('href')!)
    expect(href.origin + href.pathname).toBe('https://wa.me/221770000000')
    expect(href.searchParams.get('text')).toBe('Bonjour, je vous contacte au sujet de ma commande ORD-4128905123.')
    expect(contact).toHaveAttribute('target', '_blank')
  })

  it('shows neither contact nor cancel once the order is processed; old card orders say Carte', async () => {
    const shipped = makeOrder({
      id: 'o-old',
      status: 'shipped',
      cancellable: false,
      paymentMethod: 'card',
      paymentInfo: { status: 'paid', label: 'Payée', paymentMethod: 'card', paidAt: '2024-11-02T10:00:00Z' },
    })
    mockOrder(shipped)
    renderApp('/orders/o-old')
    expect(await screen.findByTestId('order-status')).toHaveTextContent('Expédiée')
    expect(screen.getByTestId('order-payment-method')).toHaveTextContent('Carte')
    expect(screen.getByTestId('order-payment-status')).toHaveTextContent('Payée')
    expect(screen.queryByRole('link', { name: 'Contacter le service client' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Annuler la commande' })).not.toBeInTheDocument()
  })

  it('Wave orders say Wave', async () => {
    const wave = makeOrder({ id: 'o-wave', paymentMethod: 'wave', paymentInfo: { status: 'pending', label: 'En attente de paiement', paymentMethod: 'wave', paidAt: null } })
    mockOrder(wave)
    renderApp('/orders/o-wave')
    expect(await screen.findByTestId('order-payment-method')).toHaveTextContent('Wave')
  })

  it('cancels after the confirmation modal; the page and the list show Annulée', async () => {
    const order = makeOrder()
    const fake = mockOrder(order)
    server.use(http.get('/api/orders', () => ordersPage([fake.current()])))
    const user = userEvent.setup()
    renderApp(`/orders/${order.id}`)
    await user.click(await screen.findByRole('button', { name: 'Annuler la commande' }))
    const dialog = screen.getByRole('dialog', { name: 'Annuler la commande' })
    expect(dialog).toHaveTextContent('Êtes-vous sûr de vouloir annuler la commande ORD-4128905123 ?')
    await user.click(within(dialog).getByRole('button', { name: 'Garder la commande' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(fake.calls.cancel).toBe(0)

    await user.click(screen.getByRole('button', { name: 'Annuler la commande' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Annuler la commande' }))
    expect(await screen.findByText('Votre commande a été annulée.')).toBeVisible()
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Annulée'))
    expect(fake.calls.cancel).toBe(1)
    expect(screen.queryByRole('button', { name: 'Annuler la commande' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Contacter le service client' })).not.toBeInTheDocument()
    expect(screen.getByTestId('order-payment-status')).toHaveTextContent('Non payée')
    const history = within(screen.getByRole('region', { name: 'Historique' })).getAllByRole('listitem')
    expect(history.at(-1)).toHaveTextContent('Annulée6 mars 2025 à 09:15 · Client')

    await user.click(screen.getByRole('link', { name: '← Mes commandes' }))
    expect(location()).toBe('/orders')
    expect(await screen.findByRole('link', { name: /ORD-4128905123/ })).toHaveTextContent('Annulée')
  })

  it("a refused cancellation shows the server's message and the order as it is now", async () => {
    const order = makeOrder()
    const fake = mockOrder(order)
    const user = userEvent.setup()
    renderApp(`/orders/${order.id}`)
    await user.click(await screen.findByRole('button', { name: 'Annuler la commande' }))
    // Meanwhile the shop shipped it.
    server.use(
      http.get(`/api/orders/${order.id}`, () => HttpResponse.json({ data: { ...order, status: 'shipped', cancellable: false } })),
      http.post(`/api/orders/${order.id}/cancel`, () =>
        HttpResponse.json({ code: 'order_not_cancellable', message: 'Cette commande ne peut plus être annulée.' }, { status: 409 }),
      ),
    )
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Annuler la commande' }))
    expect(await screen.findByText('Cette commande ne peut plus être annulée.')).toBeVisible()
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Expédiée'))
    expect(fake.calls.cancel).toBe(0)
  })

  it('a cash order waiting for its confirmation is confirmed with Confirmer ma commande; the history says by whom', async () => {
    const order = makeOrder({ id: 'o-cod', confirmation: 'awaiting', confirmable: true })
    let confirmations = 0
    server.use(
      http.get('/api/orders/o-cod', () => HttpResponse.json({ data: order })),
      http.post('/api/orders/o-cod/confirm', () => {
        confirmations += 1
        return HttpResponse.json({
          data: {
            ...order,
            confirmation: 'confirmed',
            confirmable: false,
            statusHistory: [
              ...(order.statusHistory ?? []),
              { status: 'pending', date: '2025-03-05T11:00:00Z', by: 'Client', note: 'Commande confirmée par le client' },
            ],
          },
        })
      }),
    )
    const user = userEvent.setup()
    renderApp('/orders/o-cod')
    expect(await screen.findByTestId('order-confirmation-request')).toHaveTextContent('Votre commande attend votre confirmation')
    await user.click(screen.getByRole('button', { name: 'Confirmer ma commande' }))
    expect(await screen.findByText('Merci ! Votre commande est confirmée, nous la préparons.')).toBeVisible()
    expect(confirmations).toBe(1)
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Confirmer ma commande' })).not.toBeInTheDocument())
    const history = within(screen.getByRole('region', { name: 'Historique' })).getAllByRole('listitem')
    expect(history.at(-1)).toHaveTextContent('Client')
    expect(history.at(-1)).toHaveTextContent('Commande confirmée par le client')
  })

  it('has no Confirmer ma commande once confirmed, nor for Wave', async () => {
    mockOrder(makeOrder({ id: 'o-done', confirmation: 'confirmed', confirmable: false }))
    renderApp('/orders/o-done')
    expect(await screen.findByTestId('order-status')).toHaveTextContent('En attente')
    expect(screen.queryByRole('button', { name: 'Confirmer ma commande' })).not.toBeInTheDocument()
  })

  it('shows the courier and the tracking note of a shipped order', async () => {
    const shipped = makeOrder({
      id: 'o-ship',
      status: 'shipped',
      cancellable: false,
      confirmation: 'confirmed',
      courier: { name: 'Modou Fall', phone: '+221770001122' },
      trackingNote: 'Tiak-Tiak, réf. 4411',
    })
    mockOrder(shipped)
    renderApp('/orders/o-ship')
    const courier = await screen.findByTestId('order-courier')
    expect(courier).toHaveTextContent('Livreur : Modou Fall · 77 000 11 22')
    expect(within(courier).getByRole('link', { name: '77 000 11 22'.replaceAll(' ', NBSP) })).toHaveAttribute('href', 'tel:+221770001122')
    expect(screen.getByTestId('order-tracking')).toHaveTextContent('Suivi : Tiak-Tiak, réf. 4411')
  })

  it('a refused parcel says so', async () => {
    mockOrder(makeOrder({ id: 'o-refused', status: 'refused', cancellable: false, confirmation: 'confirmed' }))
    renderApp('/orders/o-refused')
    expect(await screen.findByTestId('order-status')).toHaveTextContent('Refusée à la livraison')
  })

  it("another customer's order (404) shows Commande introuvable", async () => {
    server.use(
      http.get('/api/orders/not-mine', () => HttpResponse.json({ code: 'order_not_found', message: 'Commande introuvable' }, { status: 404 })),
    )
    renderApp('/orders/not-mine')
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande introuvable' })).toBeVisible()
    expect(screen.getByRole('link', { name: 'Voir mes commandes' })).toHaveAttribute('href', '/orders')
    await waitFor(() => expect(document.title).toBe('Commande introuvable | Bitik Dakar'))
  })

  it('any other failure says "Impossible de charger les détails de la commande" and can retry', async () => {
    let calls = 0
    server.use(
      http.get('/api/orders/o9', () => {
        calls += 1
        return calls === 1
          ? HttpResponse.json({ code: 'bad_request', message: 'Requête invalide.' }, { status: 400 })
          : HttpResponse.json({ data: makeOrder({ id: 'o9' }) })
      }),
    )
    const user = userEvent.setup()
    renderApp('/orders/o9')
    expect(await screen.findByRole('heading', { level: 1, name: 'Impossible de charger les détails de la commande' })).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Réessayer' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande ORD-4128905123' })).toBeVisible()
  })
})
