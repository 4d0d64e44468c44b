// The customer's side of an order's corrections and its invoice (docs/rules.md#corrections,
// docs/rules.md#invoices): « Payer à la livraison plutôt », « Payer le reste avec Wave »,
// what is owed back, « Voir la facture » and the printable invoice.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import type { Invoice } from '@/features/invoices/api/get-invoice'
import type { Order } from '@/features/orders/api/order-schema'
import { waveBrowser } from '@/features/payments/wave-browser'
import { apiError } from '@/testing/admin'
import { makeOrder } from '@/testing/orders'
import { CHECKOUT_URL, makeSession, mockPaymentInit, mockPaymentStatus, statusAnswer } from '@/testing/payments'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'
import { loggedInAs } from '@/testing/users'

let open: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  sessionStore.clear()
  loggedInAs()
  open = vi.spyOn(waveBrowser, 'open').mockImplementation(() => {})
})
afterEach(() => open.mockRestore())

const toasts = () => screen.getByRole('status', { name: 'Notifications' })

function serve(initial: Order) {
  let order = initial
  const calls: string[] = []
  // « Payer avec Wave » asks how the last try went.
  mockPaymentStatus(() => statusAnswer({}), { by: 'order' })
  server.use(
    http.get(`/api/orders/${String(initial.id)}`, () => HttpResponse.json({ data: order })),
    http.post(`/api/orders/${String(initial.id)}/cash-on-delivery`, () => {
      calls.push('cash-on-delivery')
      order = { ...order, paymentMethod: 'cash_on_delivery', payWithWave: 'switch_from_cash', switchToCash: false, confirmable: true, confirmation: 'awaiting' }
      return HttpResponse.json({ data: order })
    }),
  )
  return calls
}

const INVOICE: Invoice = {
  number: 'FAC-000042',
  issuedAt: '2025-03-07T10:00:00Z',
  seller: { name: 'Bitik Dakar', address: ['Rue 10, Médina', 'Dakar'], phone: '+221338001122', email: 'contact@bitik.sn', legalId: 'RCCM SN-DKR-2025-B-1234 · NINEA 009876543' },
  customer: { name: 'Awa Diop', address: ['Villa 12', 'Médina', 'Repère : près de la mosquée'], phone: '+221771234567', email: 'awa@example.sn', legalId: '' },
  orderId: '7d1c2b9e-3f4a-4c5d-8e9f-0a1b2c3d4e5f',
  orderNumber: 'ORD-4128905123',
  orderedAt: '2025-03-05T10:00:00Z',
  lines: [
    { name: 'T-shirt Yoff Surf Club', color: 'bleu', size: 'M', quantity: 2, unitPrice: 8000, total: 16000 },
    { name: 'Chaîne Gorée', color: 'argent', size: 'unique', quantity: 1, unitPrice: 6500, total: 6500 },
  ],
  subtotal: 22500,
  shippingCost: 1500,
  shipping: 'Livraison standard',
  discount: 2250,
  promoCode: 'TABASKI10',
  total: 21750,
  paymentMethod: 'Paiement à la livraison',
  paymentState: 'Payée à la livraison',
  amountPaid: 21750,
}

describe('an order its customer may still change', () => {
  it('pays an unpaid Wave order at the door instead, after asking', async () => {
    const order = makeOrder({ paymentMethod: 'wave', payWithWave: 'pay', switchToCash: true })
    const calls = serve(order)
    const user = userEvent.setup()
    renderApp(`/orders/${String(order.id)}`)
    await user.click(await screen.findByRole('button', { name: 'Payer à la livraison plutôt' }))
    const dialog = await screen.findByRole('dialog', { name: 'Payer à la livraison plutôt' })
    expect(dialog).toHaveTextContent('en espèces au livreur (24 000 FCFA)')
    await user.click(within(dialog).getByRole('button', { name: 'Payer à la livraison' }))
    expect(await within(toasts()).findByText(/Vous paierez à la livraison/)).toBeVisible()
    expect(calls).toEqual(['cash-on-delivery'])
    await waitFor(() => expect(screen.getByTestId('order-payment-method')).toHaveTextContent('Paiement à la livraison'))
    expect(screen.queryByRole('button', { name: 'Payer à la livraison plutôt' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Confirmer ma commande' })).toBeVisible()
  })

  it('says the server’s refusal when the phone may not pay at the door', async () => {
    const order = makeOrder({ paymentMethod: 'wave', payWithWave: 'pay', switchToCash: true })
    serve(order)
    server.use(
      http.post(`/api/orders/${String(order.id)}/cash-on-delivery`, () =>
        apiError(409, 'cash_on_delivery_refused', 'Le paiement à la livraison n’est plus proposé pour ce numéro.'),
      ),
    )
    const user = userEvent.setup()
    renderApp(`/orders/${String(order.id)}`)
    await user.click(await screen.findByRole('button', { name: 'Payer à la livraison plutôt' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Payer à la livraison' }))
    expect(await within(toasts()).findByText('Le paiement à la livraison n’est plus proposé pour ce numéro.')).toBeVisible()
    expect(screen.getByTestId('order-payment-method')).toHaveTextContent('Wave')
  })

  it('pays what a correction added with Wave, and shows what is paid and what is left', async () => {
    const order = makeOrder({ paymentMethod: 'wave', payWithWave: 'pay_balance', amountPaid: 24000, amountDue: 500, total: 24500 })
    serve(order)
    const init = mockPaymentInit(() => HttpResponse.json({ data: makeSession({ orderId: String(order.id) }) }))
    const user = userEvent.setup()
    renderApp(`/orders/${String(order.id)}`)
    expect(await screen.findByTestId('order-amount-due')).toHaveTextContent('500 FCFA')
    await user.click(screen.getByRole('button', { name: 'Payer le reste avec Wave' }))
    await waitFor(() => expect(open).toHaveBeenCalledWith(CHECKOUT_URL))
    expect(init).toEqual([{ orderId: String(order.id) }])
  })

  it('says what is owed back after a correction lowered a paid order', async () => {
    const order = makeOrder({ paymentMethod: 'wave', payWithWave: null, amountPaid: 24000, amountDue: 0, overpaid: 1500, total: 22500 })
    serve(order)
    renderApp(`/orders/${String(order.id)}`)
    expect(await screen.findByTestId('order-overpaid')).toHaveTextContent('1 500 FCFA')
  })
})

describe('the invoice', () => {
  it('is offered once the sale is made, and shows the shop’s identifiers, the lines and the totals', async () => {
    const order = makeOrder({ status: 'delivered', invoiceable: true })
    serve(order)
    server.use(http.get(`/api/orders/${String(order.id)}/invoice`, () => HttpResponse.json({ data: INVOICE })))
    const print = vi.spyOn(window, 'print').mockImplementation(() => {})
    const user = userEvent.setup()
    renderApp(`/orders/${String(order.id)}`)
    await user.click(await screen.findByRole('link', { name: 'Voir la facture' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Facture FAC-000042' })).toBeVisible()
    expect(screen.getByTestId('invoice-legal-id')).toHaveTextContent('RCCM SN-DKR-2025-B-1234 · NINEA 009876543')
    expect(screen.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'ArticleQtéPrix unitaireTotal',
      'T-shirt Yoff Surf Clubbleu · Taille M28 000 FCFA16 000 FCFA',
      'Chaîne Goréeargent · Taille unique16 500 FCFA6 500 FCFA',
    ])
    expect(screen.getByText('Remise (TABASKI10)')).toBeVisible()
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('21 750 FCFA')
    expect(screen.getByTestId('invoice-payment-state')).toHaveTextContent('Payée à la livraison')
    await user.click(screen.getByRole('button', { name: 'Imprimer ou enregistrer en PDF' }))
    expect(print).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('link', { name: '← Retour à la commande' })).toHaveAttribute('href', `/orders/${String(order.id)}`)
    print.mockRestore()
  })

  it('is not offered before the sale, and its page says why', async () => {
    const order = makeOrder({ invoiceable: false })
    serve(order)
    server.use(
      http.get(`/api/orders/${String(order.id)}/invoice`, () =>
        apiError(409, 'order_not_invoiceable', 'La facture est disponible une fois la commande payée ou livrée.'),
      ),
    )
    renderApp(`/orders/${String(order.id)}`)
    await screen.findByTestId('order-status')
    expect(screen.queryByRole('link', { name: 'Voir la facture' })).not.toBeInTheDocument()
    renderApp(`/orders/${String(order.id)}/facture`)
    expect(await screen.findByRole('alert')).toHaveTextContent('La facture est disponible une fois la commande payée ou livrée.')
  })
})
