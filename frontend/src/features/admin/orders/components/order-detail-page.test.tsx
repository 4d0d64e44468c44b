import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import { adminPage, apiError, loggedInAsAdmin, loggedInAsStaff, makeAdminOrder, makeAuditEntry, makePhoneRecord } from '@/testing/admin'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'
import type { AdminOrder } from '../api/order-schema'

beforeEach(() => sessionStore.clear())

const toasts = () => screen.getByRole('status', { name: 'Notifications' })

/** The order on a small fake server that applies status, tracking and payment changes. */
function serveOrder(initial: AdminOrder) {
  let order = initial
  const calls: { path: string; body: unknown }[] = []
  const at = '2026-03-11T14:05:00Z'
  server.use(
    http.get(`/api/admin/orders/${initial.id}`, () => HttpResponse.json({ data: order })),
    http.get('/api/admin/phones/:phone', () => HttpResponse.json({ data: makePhoneRecord() })),
    http.put(`/api/admin/orders/${initial.id}/status`, async ({ request }) => {
      const body = (await request.json()) as { status: string; note?: string; customerVisible?: boolean }
      calls.push({ path: 'status', body })
      const entry = { status: body.status, date: at, by: 'Admin Fatou Sow', note: body.note ?? '', customerVisible: body.customerVisible ?? false }
      order = { ...order, status: body.status, statusHistory: [...order.statusHistory, entry] }
      return HttpResponse.json({ data: order })
    }),
    http.put(`/api/admin/orders/${initial.id}/tracking`, async ({ request }) => {
      const body = (await request.json()) as { trackingNote: string }
      calls.push({ path: 'tracking', body })
      order = { ...order, trackingNote: body.trackingNote }
      return HttpResponse.json({ data: order })
    }),
    http.put(`/api/admin/orders/${initial.id}/payment`, () => {
      calls.push({ path: 'payment', body: null })
      order = { ...order, paymentInfo: { ...order.paymentInfo, status: 'paid', paidAt: at } }
      return HttpResponse.json({ data: order })
    }),
  )
  return calls
}

async function openOrder(order: AdminOrder, query = '') {
  loggedInAsAdmin()
  const calls = serveOrder(order)
  renderApp(`/admin/orders/${order.id}${query}`)
  await screen.findByRole('heading', { level: 1, name: `Commande ${order.orderNumber}` })
  return calls
}

describe('/admin/orders/:id', () => {
  it('shows the progress, the lines, the totals and the history with author and time', async () => {
    const order = makeAdminOrder({
      status: 'shipped',
      statusHistory: [
        { status: 'pending', date: '2026-03-10T09:30:00Z', by: 'Client Awa Diop', note: '' },
        { status: 'shipped', date: '2026-03-10T16:45:00Z', by: 'Admin Fatou Sow', note: 'Remis au livreur' },
      ],
    })
    await openOrder(order)
    const screenPart = screen.getByRole('heading', { level: 1, name: /^Commande/ }).closest('section')!
    const progress = within(screenPart).getByRole('progressbar', { name: 'Avancement de la commande' })
    expect(progress).toHaveAttribute('aria-valuenow', '75')
    expect(progress).toHaveAttribute('aria-valuetext', 'Expédiée (75 %)')
    const items = within(screenPart).getByRole('region', { name: 'Articles' })
    expect(within(items).getByText('T-shirt Teranga')).toBeVisible()
    expect(within(items).getByText('19 000 FCFA')).toBeVisible()
    expect(within(items).getByText('Taille unique')).toBeVisible()
    expect(within(items).getByText('35 000 FCFA')).toBeVisible()
    const history = within(screenPart).getByRole('list', { name: 'Historique des statuts' })
    const entries = within(history).getAllByRole('listitem')
    expect(entries).toHaveLength(2)
    expect(entries[1]).toHaveTextContent('Expédiée')
    expect(entries[1]).toHaveTextContent('par Admin Fatou Sow')
    expect(entries[1]).toHaveTextContent(/10 mars 2026.*16:45/)
    expect(entries[1]).toHaveTextContent('Remis au livreur')
  })

  it.each([
    ['pending', '25'],
    ['processing', '50'],
    ['delivered', '100'],
    ['cancelled', '100'],
  ])('fills the progress bar of a %s order to %s percent', async (status, percent) => {
    await openOrder(makeAdminOrder({ status }))
    expect(screen.getAllByRole('progressbar')[0]).toHaveAttribute('aria-valuenow', percent)
  })

  it('says where the order was taken, with the campaign that brought a storefront order', async () => {
    await openOrder(makeAdminOrder({ channel: 'web', channelLabel: 'Site web', source: 'instagram' }))
    const payment = screen.getByRole('region', { name: 'Paiement' })
    expect(within(payment).getByText('Canal').nextElementSibling).toHaveTextContent('Site web (campagne instagram)')
  })

  it('changes the status with an optional note once confirmed; the new history entry appears', async () => {
    const user = userEvent.setup()
    const calls = await openOrder(makeAdminOrder())
    const form = screen.getByRole('form', { name: 'Statut' })
    const button = within(form).getByRole('button', { name: 'Mettre à jour le statut' })
    // Nothing to change yet.
    expect(button).toBeDisabled()
    await user.selectOptions(within(form).getByLabelText('Nouveau statut'), 'Expédiée')
    await user.type(within(form).getByLabelText('Note pour l’historique (facultatif)'), 'Remis à Moussa')
    await user.click(button)
    const question = await screen.findByRole('dialog', { name: 'Changer le statut' })
    expect(question).toHaveTextContent(/Passer la commande ORD-\S+ au statut « Expédiée » \?/)
    expect(calls).toEqual([])
    await user.click(within(question).getByRole('button', { name: 'Changer le statut' }))
    expect(await within(toasts()).findByText('Statut de la commande mis à jour')).toBeVisible()
    expect(calls).toEqual([{ path: 'status', body: { status: 'shipped', note: 'Remis à Moussa', customerVisible: false } }])
    const history = screen.getByRole('list', { name: 'Historique des statuts' })
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(2))
    expect(within(history).getAllByRole('listitem')[1]).toHaveTextContent(/Expédiée.*par Admin Fatou Sow.*Remis à Moussa interne/)
    expect(screen.getAllByRole('progressbar')[0]).toHaveAttribute('aria-valuenow', '75')
  })

  it('sends a note the customer reads only when « Visible par le client » is ticked, and says which notes are', async () => {
    const user = userEvent.setup()
    const calls = await openOrder(makeAdminOrder())
    const form = screen.getByRole('form', { name: 'Statut' })
    await user.selectOptions(within(form).getByLabelText('Nouveau statut'), 'Expédiée')
    await user.type(within(form).getByLabelText('Note pour l’historique (facultatif)'), 'Votre colis part cet après-midi')
    await user.click(within(form).getByRole('checkbox', { name: /Visible par le client/ }))
    await user.click(within(form).getByRole('button', { name: 'Mettre à jour le statut' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Changer le statut' })).getByRole('button', { name: 'Changer le statut' }))
    await within(toasts()).findByText('Statut de la commande mis à jour')
    expect(calls).toEqual([
      { path: 'status', body: { status: 'shipped', note: 'Votre colis part cet après-midi', customerVisible: true } },
    ])
    const history = screen.getByRole('list', { name: 'Historique des statuts' })
    await waitFor(() => expect(within(history).getAllByRole('listitem')[1]).toHaveTextContent(/cet après-midi visible par le client/))
    expect(within(form).getByRole('checkbox', { name: /Visible par le client/ })).not.toBeChecked()
  })

  it('offers to call, e-mail and WhatsApp the customer, WhatsApp prefilled with the server’s text of the matching message', async () => {
    const said = 'Bonjour Awa,\n\nBonne nouvelle : votre commande ORD-200001-0001 est en route.\n\nSuivi : Remis à Moussa'
    const order = makeAdminOrder({ orderNumber: 'ORD-200001-0001', status: 'shipped', chat: { customer: said, confirmation: null } })
    await openOrder(order)
    const customer = screen.getAllByRole('region', { name: 'Client' })[0]!
    expect(customer).toHaveTextContent('77 123 45 67')
    expect(within(customer).getByRole('link', { name: 'Appeler' })).toHaveAttribute('href', 'tel:+221771234567')
    expect(within(customer).getByRole('link', { name: 'E-mail' })).toHaveAttribute('href', expect.stringContaining('mailto:awa@example.sn'))
    const whatsapp = within(customer).getByRole('link', { name: 'WhatsApp' })
    const url = new URL(whatsapp.getAttribute('href')!)
    expect(url.origin + url.pathname).toBe('https://wa.me/221771234567')
    expect(url.searchParams.get('text')).toBe(said)
    expect(whatsapp).toHaveAttribute('target', '_blank')
  })

  it('saves the tracking note the admin types; nothing is made up', async () => {
    const user = userEvent.setup()
    const calls = await openOrder(makeAdminOrder({ status: 'shipped', trackingNote: '' }))
    const form = screen.getByRole('form', { name: 'Suivi de livraison' })
    const save = within(form).getByRole('button', { name: 'Enregistrer la note' })
    expect(save).toBeDisabled()
    expect(screen.getByTestId('packing-slip')).not.toHaveTextContent('Suivi :')
    await user.type(within(form).getByLabelText('Note de suivi (facultatif)'), '  Tiak-Tiak, réf. 4411 ')
    await user.click(save)
    expect(await within(toasts()).findByText('Note de suivi enregistrée')).toBeVisible()
    expect(calls).toEqual([{ path: 'tracking', body: { trackingNote: 'Tiak-Tiak, réf. 4411' } }])
    await waitFor(() => expect(screen.getByTestId('packing-slip')).toHaveTextContent('Suivi : Tiak-Tiak, réf. 4411'))
  })

  it('records the cash received for a cash-on-delivery order, after asking', async () => {
    const user = userEvent.setup()
    const calls = await openOrder(makeAdminOrder({ status: 'delivered' }))
    const payment = screen.getByRole('region', { name: 'Paiement' })
    expect(within(payment).getByText('Non payée')).toBeVisible()
    await user.click(within(payment).getByRole('button', { name: 'Paiement reçu (35 000 FCFA)' }))
    const dialog = await screen.findByRole('dialog', { name: 'Paiement reçu' })
    expect(dialog).toHaveTextContent('Confirmer l’encaissement de 35 000 FCFA pour la commande')
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }))
    expect(await within(toasts()).findByText('Paiement enregistré')).toBeVisible()
    expect(calls).toEqual([{ path: 'payment', body: null }])
    await waitFor(() => expect(within(payment).getByText('Payée')).toBeVisible())
    expect(within(payment).queryByRole('button', { name: /Paiement reçu/ })).not.toBeInTheDocument()
  })

  it('has no cash button for a Wave order', async () => {
    await openOrder(makeAdminOrder({ paymentMethod: 'wave', paymentInfo: { status: 'paid', paymentMethod: 'wave', paidAt: '2026-03-10T09:31:00Z' } }))
    expect(screen.queryByRole('button', { name: /Paiement reçu/ })).not.toBeInTheDocument()
  })

  it('prints a packing slip: the parcel’s contents, the recipient and what to collect', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {})
    const order = makeAdminOrder({ orderNumber: 'ORD-300001-0001' })
    await openOrder(order, '?print=1')
    // Arriving from the list's Imprimer link opens the print dialog once, and the address is cleaned.
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1))
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^/admin/orders/${order.id}$`)))
    expect(print).toHaveBeenCalledTimes(1)
    const slip = screen.getByTestId('packing-slip')
    expect(within(slip).getByRole('heading', { name: 'Bon de livraison' })).toBeInTheDocument()
    expect(slip).toHaveTextContent('ORD-300001-0001')
    expect(slip).toHaveTextContent('Awa Diop')
    expect(slip).toHaveTextContent('Villa 12, Parcelles Assainies U15')
    expect(slip).toHaveTextContent('Montant à encaisser : 35 000 FCFA')
    const rows = within(slip).getAllByRole('row')
    expect(rows.map((row) => row.textContent)).toEqual([
      'ArticleCouleurTailleQuantité',
      'T-shirt TeranganoirM2',
      'Chaîne CubainedoréTaille unique1',
      'Total des articles3',
    ])
    // The admin's buttons are not part of the slip.
    expect(within(slip).queryByRole('button')).not.toBeInTheDocument()
  })

  it('says Commande introuvable for an unknown order', async () => {
    loggedInAsAdmin()
    server.use(http.get('/api/admin/orders/:id', () => apiError(404, 'order_not_found', 'Commande introuvable')))
    renderApp('/admin/orders/7c1e0a52-0000-4000-8000-999999999999')
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande introuvable' })).toBeVisible()
    expect(screen.getByRole('alert')).toHaveTextContent('Commande introuvable')
    expect(screen.getByRole('link', { name: '← Retour aux commandes' })).toHaveAttribute('href', '/admin/orders')
  })

  it('says when the order cannot be loaded', async () => {
    loggedInAsAdmin()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(http.get('/api/admin/orders/:id', () => HttpResponse.json({ data: { id: 1 } })))
    renderApp('/admin/orders/7c1e0a52-0000-4000-8000-999999999999')
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur lors du chargement des détails de la commande')
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeVisible()
  })
})

describe('/admin/orders/:id, its journal', () => {
  /** The order's entries: one more each time its status changes. */
  function serveJournal(order: AdminOrder) {
    const queries: Record<string, string>[] = []
    let entries = [makeAuditEntry({ action: 'order.confirmation', target: { type: 'order', id: order.id, label: order.orderNumber }, changes: [{ field: 'confirmation', before: null, after: 'confirmed' }] })]
    server.use(
      http.get('/api/admin/audit', ({ request }) => {
        queries.push(Object.fromEntries(new URL(request.url).searchParams))
        return HttpResponse.json(adminPage(entries, { totalItems: entries.length }))
      }),
      http.put(`/api/admin/orders/${order.id}/status`, async ({ request }) => {
        const { status } = (await request.json()) as { status: string }
        entries = [makeAuditEntry({ target: { type: 'order', id: order.id, label: order.orderNumber }, changes: [{ field: 'status', before: order.status, after: status }] }), ...entries]
        return HttpResponse.json({ data: { ...order, status } })
      }),
    )
    return queries
  }

  it('lists the order’s own entries for the administrator, and asks again after a change made here', async () => {
    const user = userEvent.setup()
    const order = makeAdminOrder()
    loggedInAsAdmin()
    serveOrder(order)
    const queries = serveJournal(order)
    renderApp(`/admin/orders/${order.id}`)
    const journal = await screen.findByRole('region', { name: 'Journal' })
    const list = await within(journal).findByRole('list', { name: 'Journal de la commande' })
    expect(list).toHaveTextContent('Appel de confirmation noté')
    expect(list).toHaveTextContent('fatou@bitik.sn')
    expect(within(list).getByRole('list', { name: 'Changements' })).toHaveTextContent('confirmation : — → confirmed')
    // The order's own page names no target of its own.
    expect(within(list).queryByRole('link')).not.toBeInTheDocument()
    expect(queries).toEqual([{ page: '1', limit: '20', targetType: 'order', targetId: order.id }])

    const form = screen.getByRole('form', { name: 'Statut' })
    await user.selectOptions(within(form).getByLabelText('Nouveau statut'), 'En traitement')
    await user.click(within(form).getByRole('button', { name: 'Mettre à jour le statut' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Changer le statut' })).getByRole('button', { name: 'Changer le statut' }))
    expect(await within(journal).findByText('Statut de commande modifié')).toBeVisible()
    expect(within(journal).getAllByRole('list', { name: 'Changements' })[0]).toHaveTextContent('status : pending → processing')
    expect(queries).toHaveLength(2)
  })

  it('links to the whole journal of the order when it holds more than the page shows', async () => {
    const order = makeAdminOrder()
    loggedInAsAdmin()
    serveOrder(order)
    server.use(http.get('/api/admin/audit', () => HttpResponse.json(adminPage([makeAuditEntry()], { totalItems: 45, totalPages: 3 }))))
    renderApp(`/admin/orders/${order.id}`)
    const link = await screen.findByRole('link', { name: 'Voir les 45 entrées dans le Journal' })
    expect(link).toHaveAttribute('href', `/admin/journal?targetType=order&targetId=${order.id}`)
  })

  it('is not shown to a seller, and not asked for', async () => {
    const order = makeAdminOrder()
    loggedInAsStaff('seller')
    serveOrder(order)
    const queries = serveJournal(order)
    renderApp(`/admin/orders/${order.id}`)
    await screen.findByRole('heading', { level: 1, name: `Commande ${order.orderNumber}` })
    await screen.findByRole('region', { name: 'Messages' })
    expect(screen.queryByRole('region', { name: 'Journal' })).not.toBeInTheDocument()
    expect(queries).toEqual([])
  })
})
