// The admin's « Rembourser » (docs/rules.md#refunds): a Wave order asks Wave
// for the whole with a reason, a lost answer shows « À vérifier » and « Vérifier
// auprès de Wave »; a cash-on-delivery order records an amount and a method.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import { loggedInAsAdmin, makeAdminOrder, makePhoneRecord } from '@/testing/admin'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'
import type { AdminOrder, Refund } from '../api/order-schema'

beforeEach(() => sessionStore.clear())

const AT = '2026-03-11T14:05:00Z'
const refund = (overrides: Partial<Refund>): Refund => ({
  id: 'r1',
  amount: 35000,
  method: 'wave',
  state: 'succeeded',
  reason: 'Article défectueux',
  by: 'Admin Fatou Sow',
  errorCode: null,
  createdAt: AT,
  settledAt: AT,
  ...overrides,
})

/** The order on a fake server: the refund answers `refundAnswer`, the check settles it as succeeded. */
function serve(initial: AdminOrder, refundAnswer: (body: Record<string, unknown>) => { status: number; order: AdminOrder }) {
  let order = initial
  const sent: Record<string, unknown>[] = []
  let checks = 0
  server.use(
    http.get(`/api/admin/orders/${initial.id}`, () => HttpResponse.json({ data: order })),
    http.get('/api/admin/phones/:phone', () => HttpResponse.json({ data: makePhoneRecord() })),
    http.post(`/api/admin/orders/${initial.id}/refund`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      sent.push(body)
      const answer = refundAnswer(body)
      order = answer.order
      return HttpResponse.json({ data: order }, { status: answer.status })
    }),
    http.post(`/api/admin/orders/${initial.id}/refund/check`, () => {
      checks += 1
      order = {
        ...order,
        paymentInfo: { ...order.paymentInfo, status: 'refunded' },
        refunds: [refund({ state: 'succeeded' })],
        refundedAmount: order.total,
      }
      return HttpResponse.json({ data: order })
    }),
  )
  return { sent, checks: () => checks }
}

async function open(order: AdminOrder) {
  loggedInAsAdmin()
  renderApp(`/admin/orders/${order.id}`)
  await screen.findByRole('heading', { level: 1, name: `Commande ${order.orderNumber}` })
}

describe('/admin/orders/:id refunds', () => {
  it('asks Wave for the whole with a reason, shows a lost answer to check, and checks it with Wave', async () => {
    const paid = makeAdminOrder({
      status: 'processing',
      paymentMethod: 'wave',
      paymentInfo: { status: 'paid', paymentMethod: 'wave', paidAt: AT },
      confirmation: null,
    })
    const fake = serve(paid, () => ({
      status: 202,
      order: { ...paid, refunds: [refund({ state: 'unknown', settledAt: null })], refundedAmount: 0 },
    }))
    const user = userEvent.setup()
    await open(paid)
    const form = screen.getByRole('form', { name: 'Rembourser' })
    expect(within(form).getByText('Wave rembourse la totalité payée : 35 000 FCFA.')).toBeInTheDocument()
    expect(within(form).queryByLabelText(/Montant/)).not.toBeInTheDocument()
    await user.type(within(form).getByLabelText('Raison du remboursement'), 'Article défectueux')
    await user.click(within(form).getByRole('button', { name: 'Rembourser' }))
    const dialog = await screen.findByRole('dialog', { name: 'Rembourser' })
    expect(dialog).toHaveTextContent('Demander à Wave de rembourser 35 000 FCFA (la totalité)')
    await user.click(within(dialog).getByRole('button', { name: 'Rembourser' }))

    const row = await screen.findByTestId('refund-row')
    expect(row).toHaveTextContent('À vérifier')
    expect(fake.sent).toEqual([{ reason: 'Article défectueux' }])
    expect(screen.queryByRole('form', { name: 'Rembourser' })).not.toBeInTheDocument()
    await user.click(within(row).getByRole('button', { name: 'Vérifier auprès de Wave' }))
    await waitFor(() => expect(screen.getByTestId('refund-row')).toHaveTextContent('Effectué'))
    expect(fake.checks()).toBe(1)
    expect(screen.getByText('Remboursée')).toBeInTheDocument()
  })

  it('records part of a cash-on-delivery order with its method', async () => {
    const paid = makeAdminOrder({
      status: 'delivered',
      paymentInfo: { status: 'paid', paymentMethod: 'cash_on_delivery', paidAt: AT },
      confirmation: 'confirmed',
    })
    const fake = serve(paid, (body) => ({
      status: 200,
      order: { ...paid, refunds: [refund({ amount: Number(body.amount), method: String(body.method) })], refundedAmount: Number(body.amount) },
    }))
    const user = userEvent.setup()
    await open(paid)
    const form = screen.getByRole('form', { name: 'Rembourser' })
    const amount = within(form).getByLabelText('Montant (FCFA, au plus 35 000 FCFA)')
    await user.clear(amount)
    await user.type(amount, '5000')
    await user.selectOptions(within(form).getByLabelText('Remboursé par'), 'wave_transfer')
    await user.type(within(form).getByLabelText('Raison du remboursement'), 'Article manquant')
    await user.click(within(form).getByRole('button', { name: 'Rembourser' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Rembourser' })).getByRole('button', { name: 'Rembourser' }))
    await waitFor(() => expect(fake.sent).toEqual([{ amount: 5000, method: 'wave_transfer', reason: 'Article manquant' }]))
    const row = await screen.findByTestId('refund-row')
    expect(row).toHaveTextContent('Effectué')
    expect(row).toHaveTextContent('Transfert Wave')
    expect(within(screen.getByRole('form', { name: 'Rembourser' })).getByLabelText('Montant (FCFA, au plus 30 000 FCFA)')).toBeInTheDocument()
  })
})
