// Corrections of an order before it leaves (docs/rules.md#corrections), on the admin's order
// screen: delivery details, items, a Wave order switched to cash, what is paid and owed, and
// « Paiement reçu » only once the parcel is delivered.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import { apiError, loggedInAsAdmin, loggedInAsStaff, makeAdminOrder, makePhoneRecord } from '@/testing/admin'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'
import type { AdminOrder } from '../api/order-schema'

beforeEach(() => sessionStore.clear())

const toasts = () => screen.getByRole('status', { name: 'Notifications' })

const ZONES = [
  { code: 'dakar-centre', name: 'Dakar centre', fee: 1000, expressFee: 2000, freeFrom: null, delay: '24 h', expressDelay: '3 h', cashOnDelivery: true, active: true, communes: [{ code: 'medina', name: 'Médina' }, { code: 'plateau', name: 'Plateau' }] },
]

const product = (id: string, name: string, colors: string[], sizes: string[], stock: Record<string, Record<string, number>>) => ({
  id, name, slug: id, price: 9500, promoPrice: null, onPromotion: false, images: [], imageColors: [], shortDescription: null, description: null,
  category: 'vetement', subcategory: 't-shirt', colors, sizes, stock, stockTotal: 10, stockStatus: 'in', featured: false, active: true,
  material: null, careInstructions: null, createdAt: '2026-01-01T00:00:00Z',
})

const TEE = product('p-tee', 'T-shirt Teranga', ['noir', 'blanc'], ['S', 'M', 'L'], { noir: { S: 2, M: 0, L: 4 }, blanc: { S: 1, M: 3, L: 0 } })
const CHAIN = product('p-chain', 'Chaîne Cubaine', ['doré'], ['unique'], { doré: { unique: 5 } })
const CAP = product('p-cap', 'Casquette Dakar', ['noir', 'rouge'], ['unique'], { noir: { unique: 6 }, rouge: { unique: 2 } })

function serve(initial: AdminOrder) {
  let order = initial
  const calls: { path: string; body: unknown }[] = []
  const answer = () => HttpResponse.json({ data: order })
  server.use(
    http.get(`/api/admin/orders/${initial.id}`, answer),
    http.get('/api/admin/phones/:phone', () => HttpResponse.json({ data: makePhoneRecord() })),
    http.get('/api/delivery/zones', () => HttpResponse.json({ data: ZONES })),
    http.get('/api/products/:id', ({ params }) => HttpResponse.json({ data: [TEE, CHAIN, CAP].find((p) => p.id === params.id) })),
    http.get('/api/products', ({ request }) => {
      const search = new URL(request.url).searchParams.get('search') ?? ''
      const found = [TEE, CHAIN, CAP].filter((p) => p.name.toLowerCase().includes(search.toLowerCase()))
      return HttpResponse.json({ data: found, pagination: { page: 1, limit: 5, totalItems: found.length, totalPages: 1 } })
    }),
    http.put(`/api/admin/orders/${initial.id}/delivery`, async ({ request }) => {
      const body = (await request.json()) as Record<string, string>
      calls.push({ path: 'delivery', body })
      if (!body.landmark) return apiError(400, 'validation_error', 'Données invalides', { landmark: 'Le point de repère est requis' })
      order = { ...order, total: 36000, shippingInfo: { ...order.shippingInfo, landmark: body.landmark, commune: body.commune } }
      return answer()
    }),
    http.put(`/api/admin/orders/${initial.id}/items`, async ({ request }) => {
      const body = (await request.json()) as { items: unknown[] }
      calls.push({ path: 'items', body })
      order = { ...order, total: 20000 }
      return answer()
    }),
    http.post(`/api/admin/orders/${initial.id}/cash-on-delivery`, () => {
      calls.push({ path: 'cash-on-delivery', body: null })
      order = { ...order, paymentMethod: 'cash_on_delivery', switchToCash: false, confirmation: 'awaiting' }
      return answer()
    }),
  )
  return calls
}

async function open(order: AdminOrder) {
  loggedInAsAdmin()
  const calls = serve(order)
  renderApp(`/admin/orders/${order.id}`)
  await screen.findByRole('heading', { level: 1, name: `Commande ${order.orderNumber}` })
  return calls
}

const pending = (overrides: Partial<AdminOrder> = {}) =>
  makeAdminOrder({ shippingInfo: { ...makeAdminOrder().shippingInfo, commune: 'medina', communeName: 'Médina', landmark: 'Près de la mosquée', notes: '' }, ...overrides })

describe('correcting an order before it leaves', () => {
  it('corrects the delivery details; a field the server refuses is said on the field, and nothing is kept', async () => {
    const user = userEvent.setup()
    const calls = await open(pending())
    const panel = screen.getByRole('region', { name: 'Corriger la commande' })
    await user.click(within(panel).getByRole('button', { name: 'Modifier la livraison' }))
    const form = within(panel).getByRole('form', { name: 'Modifier la livraison' })
    expect(within(form).getByLabelText('Téléphone')).toHaveValue('77 123 45 67')
    expect(within(form).getByLabelText('Commune')).toHaveValue('medina')

    await user.clear(within(form).getByLabelText('Point de repère'))
    await user.click(within(form).getByRole('button', { name: 'Enregistrer la livraison' }))
    expect(await within(form).findByText('Le point de repère est requis')).toBeVisible()

    await user.selectOptions(within(form).getByLabelText('Commune'), 'plateau')
    await user.type(within(form).getByLabelText('Point de repère'), 'Face à la BICIS')
    await user.click(within(form).getByRole('button', { name: 'Enregistrer la livraison' }))
    expect(await within(toasts()).findByText('Livraison modifiée : total 36 000 FCFA')).toBeVisible()
    expect(calls.at(-1)).toEqual({
      path: 'delivery',
      body: {
        firstName: 'Awa', lastName: 'Diop', email: 'awa@example.sn', phone: '77 123 45 67', address: 'Villa 12, Parcelles Assainies U15',
        city: '', country: 'Sénégal', commune: 'plateau', landmark: 'Face à la BICIS', notes: '',
      },
    })
    // The editor closes on the corrected order.
    await waitFor(() => expect(within(panel).queryByRole('form')).not.toBeInTheDocument())
  })

  it('changes a size, removes a line and adds a product found by name; every line needs its colour and size', async () => {
    const user = userEvent.setup()
    const calls = await open(pending())
    await user.click(screen.getByRole('button', { name: 'Modifier les articles' }))
    const form = screen.getByRole('form', { name: 'Modifier les articles' })
    const [tee, chain] = within(form).getAllByRole('listitem')
    // The sizes say what is on the shelf for the line's colour.
    await waitFor(() => expect(within(tee!).getByRole('option', { name: 'L (4 en stock)' })).toBeInTheDocument())
    await user.selectOptions(within(tee!).getByLabelText('Taille'), 'L')
    await user.click(within(chain!).getByRole('button', { name: 'Retirer Chaîne Cubaine' }))

    await user.type(within(form).getByLabelText('Ajouter un article'), 'casq')
    await user.click(await within(form).findByRole('button', { name: 'Ajouter Casquette Dakar' }))
    await user.click(within(form).getByRole('button', { name: 'Enregistrer les articles' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('Choisissez la couleur et la taille de chaque article.')
    expect(calls).toEqual([])

    const cap = within(form).getAllByRole('listitem').find((li) => li.textContent?.includes('Casquette Dakar'))!
    await user.selectOptions(within(cap).getByLabelText('Couleur'), 'rouge')
    await user.clear(within(cap).getByLabelText('Qté'))
    await user.type(within(cap).getByLabelText('Qté'), '2')
    await user.click(within(form).getByRole('button', { name: 'Enregistrer les articles' }))
    expect(await within(toasts()).findByText('Articles modifiés : total 20 000 FCFA')).toBeVisible()
    expect(calls).toEqual([
      {
        path: 'items',
        body: {
          items: [
            { productId: 'p-tee', quantity: 2, size: 'L', color: 'noir' },
            { productId: 'p-cap', quantity: 2, size: 'unique', color: 'rouge' },
          ],
        },
      },
    ])
  })

  it('offers only the delivery once the order is in preparation, and nothing once shipped', async () => {
    await open(pending({ status: 'processing' }))
    const panel = screen.getByRole('region', { name: 'Corriger la commande' })
    expect(within(panel).getByRole('button', { name: 'Modifier la livraison' })).toBeVisible()
    expect(within(panel).queryByRole('button', { name: 'Modifier les articles' })).not.toBeInTheDocument()
  })

  it('has no corrections for a shipped order', async () => {
    await open(pending({ status: 'shipped' }))
    expect(screen.queryByRole('region', { name: 'Corriger la commande' })).not.toBeInTheDocument()
  })

  it('switches an unpaid Wave order to cash on delivery, after asking', async () => {
    const user = userEvent.setup()
    const calls = await open(
      pending({ paymentMethod: 'wave', paymentInfo: { status: 'pending', paymentMethod: 'wave', paidAt: null }, switchToCash: true }),
    )
    const payment = screen.getByRole('region', { name: 'Paiement' })
    await user.click(within(payment).getByRole('button', { name: 'Passer au paiement à la livraison' }))
    const dialog = await screen.findByRole('dialog', { name: 'Passer au paiement à la livraison' })
    await user.click(within(dialog).getByRole('button', { name: 'Passer au paiement à la livraison' }))
    expect(await within(toasts()).findByText('Commande passée au paiement à la livraison')).toBeVisible()
    expect(calls).toEqual([{ path: 'cash-on-delivery', body: null }])
    await waitFor(() => expect(within(payment).getByText('Paiement à la livraison')).toBeVisible())
    expect(within(payment).queryByRole('button', { name: 'Passer au paiement à la livraison' })).not.toBeInTheDocument()
  })

  it('shows what was paid and what is due after a correction, and the overpaid part as a recorded refund', async () => {
    const paid = { status: 'paid', paymentMethod: 'wave', paidAt: '2026-03-10T09:31:00Z' }
    await open(pending({ paymentMethod: 'wave', paymentInfo: { ...paid, status: 'pending' }, amountPaid: 35000, amountDue: 1000, total: 36000 }))
    expect(screen.getByTestId('order-amount-paid')).toHaveTextContent('35 000 FCFA')
    expect(screen.getByTestId('order-amount-due')).toHaveTextContent('1 000 FCFA')
  })

  it('offers the overpaid part of a Wave order back in cash or by transfer', async () => {
    const paid = { status: 'paid', paymentMethod: 'wave', paidAt: '2026-03-10T09:31:00Z' }
    await open(pending({ paymentMethod: 'wave', paymentInfo: paid, amountPaid: 35000, amountDue: 0, overpaid: 500, total: 34500 }))
    expect(screen.getByTestId('order-overpaid')).toHaveTextContent('500 FCFA')
    const refund = screen.getByRole('form', { name: 'Rembourser' })
    expect(within(refund).getByLabelText('Remboursé par')).toHaveValue('cash')
    expect(within(refund).getByLabelText(/^Montant/)).toHaveValue(500)
  })

  it('shows a seller no money: no « Paiement reçu » on a delivered cash order, no refunds on a paid one', async () => {
    const unpaid = pending({ status: 'delivered' })
    serve(unpaid)
    loggedInAsStaff('seller')
    renderApp(`/admin/orders/${unpaid.id}`)
    await screen.findByRole('heading', { level: 1, name: `Commande ${unpaid.orderNumber}` })
    expect(screen.getByRole('region', { name: 'Paiement' })).toBeVisible()
    expect(screen.queryByRole('button', { name: /Paiement reçu/ })).not.toBeInTheDocument()
  })

  it('shows a seller no refund panel on a paid order, which the owner sees', async () => {
    const paid = pending({ status: 'delivered', paymentInfo: { status: 'paid', paymentMethod: 'cash_on_delivery', paidAt: '2026-03-10T19:00:00Z' } })
    serve(paid)
    loggedInAsStaff('seller')
    const { unmount } = renderApp(`/admin/orders/${paid.id}`)
    await screen.findByRole('heading', { level: 1, name: `Commande ${paid.orderNumber}` })
    expect(screen.queryByRole('region', { name: 'Remboursements' })).not.toBeInTheDocument()
    unmount()
    loggedInAsStaff('manager')
    renderApp(`/admin/orders/${paid.id}`)
    expect(await screen.findByRole('region', { name: 'Remboursements' })).toBeVisible()
  })

  it('offers « Paiement reçu » for cash on delivery only once the parcel is delivered', async () => {
    await open(pending({ status: 'shipped' }))
    expect(screen.queryByRole('button', { name: /Paiement reçu/ })).not.toBeInTheDocument()
  })
})
