// The admin's order screen for cash on delivery: the calls to confirm, the
// WhatsApp request with the signed link, the courier, the parcel refused and
// returned, and the phone's record (docs/rules.md#cash-on-delivery).
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import { loggedInAsAdmin, makeAdminOrder, makePhoneRecord } from '@/testing/admin'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'
import type { AdminOrder } from '../api/order-schema'
import type { PhoneRecord } from '../api/phone-record'

beforeEach(() => sessionStore.clear())

const toasts = () => screen.getByRole('status', { name: 'Notifications' })
const LINK = 'https://bitik.sn/confirm/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'
const AT = '2026-03-11T14:05:00Z'

/** The confirmation request as the server renders it (the `confirmation_asked` message's text). */
const REQUEST = `Bonjour Awa,\n\nMerci pour votre commande ORD-2611270042 chez Bitik Dakar.\n\nConfirmer ma commande : ${LINK}`

const awaiting = (overrides: Partial<AdminOrder> = {}) =>
  makeAdminOrder({
    confirmation: 'awaiting',
    confirmable: true,
    confirmationAttempts: [],
    confirmationLink: LINK,
    chat: { customer: 'Bonjour Awa,\n\nMerci pour votre commande.', confirmation: REQUEST },
    ...overrides,
  })

const record = makePhoneRecord

/** The order and its phone on a small fake server applying the calls, the courier and the return. */
function serve(initial: AdminOrder, phone: PhoneRecord = record()) {
  let order = initial
  let phoneRecord = phone
  const calls: { path: string; body: unknown }[] = []
  const answer = () => HttpResponse.json({ data: order })
  server.use(
    http.get(`/api/admin/orders/${initial.id}`, answer),
    http.put(`/api/admin/orders/${initial.id}/confirmation`, async ({ request }) => {
      const body = (await request.json()) as { confirmation: string }
      calls.push({ path: 'confirmation', body })
      const confirmed = body.confirmation === 'confirmed'
      order = {
        ...order,
        confirmation: body.confirmation,
        confirmable: !confirmed,
        confirmationLink: confirmed ? null : order.confirmationLink,
        chat: order.chat && { ...order.chat, confirmation: confirmed ? null : order.chat.confirmation },
        confirmationAttempts: [...(order.confirmationAttempts ?? []), { at: AT, outcome: body.confirmation, by: 'Admin Fatou Sow' }],
      }
      return answer()
    }),
    http.put(`/api/admin/orders/${initial.id}/courier`, async ({ request }) => {
      const body = (await request.json()) as { name: string; phone: string }
      calls.push({ path: 'courier', body })
      order = { ...order, courier: { name: body.name, phone: '+221770001122' } }
      return answer()
    }),
    http.post(`/api/admin/orders/${initial.id}/returned`, () => {
      calls.push({ path: 'returned', body: null })
      order = { ...order, returnedAt: AT }
      return answer()
    }),
    http.get('/api/admin/phones/:phone', ({ params }) => {
      calls.push({ path: `phone ${String(params.phone)}`, body: null })
      return HttpResponse.json({ data: phoneRecord })
    }),
    http.put('/api/admin/phones/:phone', async ({ request }) => {
      const body = (await request.json()) as { codAllowed: boolean | null; note: string }
      calls.push({ path: 'decision', body })
      phoneRecord = { ...phoneRecord, codAllowed: body.codAllowed, note: body.note, cashOnDelivery: body.codAllowed ?? phoneRecord.refused < 2, updatedBy: 'Admin Fatou Sow', updatedAt: AT }
      return HttpResponse.json({ data: phoneRecord })
    }),
  )
  return calls
}

async function open(order: AdminOrder, phone?: PhoneRecord) {
  loggedInAsAdmin()
  const calls = serve(order, phone)
  renderApp(`/admin/orders/${order.id}`)
  await screen.findByRole('heading', { level: 1, name: `Commande ${order.orderNumber}` })
  return calls
}

describe('/admin/orders/:id for cash on delivery', () => {
  it('reports each call: Pas de réponse keeps the attempt with its time, Confirmer settles it', async () => {
    const user = userEvent.setup()
    const calls = await open(awaiting())
    const panel = screen.getByRole('region', { name: 'Confirmation' })
    expect(within(panel).getByTestId('confirmation-state')).toHaveTextContent('À confirmer')
    await user.click(within(panel).getByRole('button', { name: 'Pas de réponse' }))
    expect(await within(toasts()).findByText('Appel enregistré')).toBeVisible()
    const attempts = await within(panel).findByRole('list', { name: 'Tentatives de confirmation' })
    expect(within(attempts).getAllByRole('listitem')[0]).toHaveTextContent(/Pas de réponse.*11 mars 2026.*14:05.*par Admin Fatou Sow/)
    expect(panel).toHaveTextContent('1 appel sans réponse')
    await user.click(within(panel).getByRole('button', { name: 'Confirmer' }))
    await waitFor(() => expect(within(panel).getByTestId('confirmation-state')).toHaveTextContent('Confirmée'))
    expect(within(panel).queryByRole('button', { name: 'Confirmer' })).not.toBeInTheDocument()
    expect(within(panel).queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument()
    expect(calls.filter((c) => c.path === 'confirmation')).toEqual([
      { path: 'confirmation', body: { confirmation: 'no_answer' } },
      { path: 'confirmation', body: { confirmation: 'confirmed' } },
    ])
  })

  it('sends Numéro erroné as its own outcome', async () => {
    const user = userEvent.setup()
    const calls = await open(awaiting())
    await user.click(screen.getByRole('button', { name: 'Numéro erroné' }))
    await waitFor(() => expect(screen.getByTestId('confirmation-state')).toHaveTextContent('Numéro erroné'))
    expect(calls).toContainEqual({ path: 'confirmation', body: { confirmation: 'wrong_number' } })
  })

  it('asks for the confirmation on WhatsApp: the E.164 number without +, the server’s text of the request with the signed link', async () => {
    await open(awaiting({ orderNumber: 'ORD-2611270042' }))
    const link = screen.getByRole('link', { name: 'Demander la confirmation sur WhatsApp' })
    const url = new URL(link.getAttribute('href')!)
    expect(url.origin + url.pathname).toBe('https://wa.me/221771234567')
    expect(url.searchParams.get('text')).toBe(REQUEST)
    expect(link).toHaveAttribute('target', '_blank')
  })

  it('shows no confirmation panel for a Wave order', async () => {
    await open(makeAdminOrder({ paymentMethod: 'wave', confirmation: null }))
    expect(screen.queryByRole('region', { name: 'Confirmation' })).not.toBeInTheDocument()
  })

  it('names the courier of a shipped order', async () => {
    const user = userEvent.setup()
    const calls = await open(makeAdminOrder({ status: 'shipped', confirmation: 'confirmed', confirmable: false }))
    const form = screen.getByRole('form', { name: 'Livreur' })
    await user.type(within(form).getByLabelText('Nom du livreur'), 'Modou Fall')
    await user.type(within(form).getByLabelText('Téléphone du livreur'), '77 000 11 22')
    await user.click(within(form).getByRole('button', { name: 'Enregistrer le livreur' }))
    expect(await within(toasts()).findByText('Livreur enregistré')).toBeVisible()
    expect(calls).toContainEqual({ path: 'courier', body: { name: 'Modou Fall', phone: '77 000 11 22' } })
  })

  it('marks a refused parcel returned after asking; its stock is back', async () => {
    const user = userEvent.setup()
    const calls = await open(makeAdminOrder({ status: 'refused', confirmation: 'confirmed', confirmable: false }))
    expect(screen.getAllByRole('progressbar')[0]).toHaveAttribute('aria-valuetext', 'Refusée à la livraison (100 %)')
    expect(screen.queryByRole('button', { name: /Paiement reçu/ })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Colis retourné à la boutique' }))
    const dialog = await screen.findByRole('dialog', { name: 'Colis retourné' })
    await user.click(within(dialog).getByRole('button', { name: 'Remettre en stock' }))
    expect(await within(toasts()).findByText('Colis retourné : articles remis en stock')).toBeVisible()
    await waitFor(() => expect(screen.getByText(/Colis revenu à la boutique le 11 mars 2026/)).toBeVisible())
    expect(screen.queryByRole('button', { name: 'Colis retourné à la boutique' })).not.toBeInTheDocument()
    expect(calls.filter((c) => c.path === 'returned')).toHaveLength(1)
  })

  it("shows the phone's record and lets the admin lift the refusal rule with a reason", async () => {
    const user = userEvent.setup()
    const calls = await open(awaiting(), record({ refused: 2, cashOnDelivery: false }))
    const panel = screen.getByRole('region', { name: 'Historique du numéro' })
    expect(await within(panel).findByTestId('phone-refused')).toHaveTextContent('2')
    expect(within(panel).getByTestId('phone-delivered')).toHaveTextContent('3')
    expect(within(panel).getByTestId('phone-cancelled-unconfirmed')).toHaveTextContent('0')
    expect(within(panel).getByTestId('phone-cod')).toHaveTextContent('Refusé')
    expect(calls).toContainEqual({ path: 'phone +221771234567', body: null })
    await user.selectOptions(within(panel).getByLabelText('Paiement à la livraison'), 'Toujours autorisé')
    await user.type(within(panel).getByLabelText(/Raison/), 'Cliente fidèle')
    await user.click(within(panel).getByRole('button', { name: 'Enregistrer la décision' }))
    expect(await within(toasts()).findByText('Décision enregistrée pour ce numéro')).toBeVisible()
    await waitFor(() => expect(within(panel).getByTestId('phone-cod')).toHaveTextContent('Proposé'))
    expect(calls).toContainEqual({ path: 'decision', body: { codAllowed: true, note: 'Cliente fidèle' } })
  })
})
