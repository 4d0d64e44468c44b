// The customer's order page and list with Wave (docs/rules.md#payments,
// docs/rules.md#refunds): « Payer avec Wave » resumes the order's payment, a
// cash order offers « Payer maintenant avec Wave », Wave's last refusal is told
// with what to do, and a refunded order reads « Remboursée ».
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import type { Order } from '@/features/orders/api/order-schema'
import { waveBrowser } from '@/features/payments/wave-browser'
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

function serveOrder(order: Order) {
  server.use(
    http.get(`/api/orders/${String(order.id)}`, () => HttpResponse.json({ data: order })),
    http.get('/api/orders', () =>
      HttpResponse.json({ data: [order], pagination: { page: 1, limit: 10, totalItems: 1, totalPages: 1 } }),
    ),
  )
}

describe('paying an order from its page', () => {
  it('resumes the Wave payment of an unpaid order and tells why Wave refused the last try', async () => {
    const order = makeOrder({ paymentMethod: 'wave', payWithWave: 'pay' })
    serveOrder(order)
    mockPaymentStatus(() => statusAnswer({ lastError: { code: 'insufficient-funds', message: 'Insufficient funds' } }), { by: 'order' })
    const init = mockPaymentInit(() => HttpResponse.json({ data: makeSession({ orderId: String(order.id) }) }))
    const user = userEvent.setup()
    renderApp(`/orders/${String(order.id)}`)
    const refusal = await screen.findByTestId('wave-last-error')
    expect(refusal).toHaveTextContent('Le solde de votre compte Wave était insuffisant pour ce paiement.')
    expect(refusal).toHaveTextContent('Rechargez votre compte Wave')
    await user.click(within(screen.getByTestId('order-pay')).getByRole('button', { name: 'Payer avec Wave' }))
    await waitFor(() => expect(open).toHaveBeenCalledWith(CHECKOUT_URL))
    expect(init).toEqual([{ orderId: String(order.id) }])
  })

  it('offers a cash-on-delivery order « Payer maintenant avec Wave », in the list too', async () => {
    const order = makeOrder({ paymentMethod: 'cash_on_delivery', payWithWave: 'switch_from_cash' })
    serveOrder(order)
    mockPaymentInit(() => HttpResponse.json({ data: makeSession({ orderId: String(order.id) }) }))
    const user = userEvent.setup()
    renderApp('/orders')
    await user.click(await screen.findByRole('button', { name: 'Payer maintenant avec Wave' }))
    await waitFor(() => expect(open).toHaveBeenCalledWith(CHECKOUT_URL))
  })

  it('shows a refunded order as « Remboursée » with what came back, and no payment to make', async () => {
    const order = makeOrder({
      paymentMethod: 'wave',
      paymentInfo: { status: 'refunded', label: 'Remboursée', paymentMethod: 'wave', paidAt: '2025-03-05T10:12:00Z' },
      payWithWave: null,
      refundedAmount: 24000,
      refunds: [{ id: 'r1', amount: 24000, method: 'wave', state: 'succeeded', createdAt: '2025-03-06T09:00:00Z', settledAt: '2025-03-06T09:00:00Z' }],
    })
    serveOrder(order)
    renderApp(`/orders/${String(order.id)}`)
    expect(await screen.findByTestId('order-payment-status')).toHaveTextContent('Remboursée')
    expect(screen.getByTestId('order-refunded')).toHaveTextContent('24 000 FCFA')
    expect(screen.getByText(/Remboursement de 24 000 FCFA sur votre compte Wave/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Payer/ })).not.toBeInTheDocument()
  })
})
