import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import { adminPage, apiError, loggedInAsAdmin, makeAdminOrder } from '@/testing/admin'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'
import type { AdminOrder } from '../api/order-schema'

beforeEach(() => sessionStore.clear())

const location = () => screen.getByTestId('location').textContent
const toasts = () => screen.getByRole('status', { name: 'Notifications' })

/** GET /api/admin/orders answering `orders`; returns the query strings received. */
function mockOrders(orders: AdminOrder[], pagination = {}) {
  const queries: URLSearchParams[] = []
  server.use(
    http.get('/api/admin/orders', ({ request }) => {
      queries.push(new URL(request.url).searchParams)
      return HttpResponse.json(adminPage(orders, pagination))
    }),
  )
  return queries
}

const asObject = (params: URLSearchParams | undefined) => Object.fromEntries(params ?? [])

describe('/admin/orders', () => {
  it('honours ?status=pending: asks the server for pending orders, 10 a page, and shows the filter', async () => {
    loggedInAsAdmin()
    const pending = makeAdminOrder({ orderNumber: 'ORD-100001-0001' })
    const queries = mockOrders([pending])
    renderApp('/admin/orders?status=pending')
    expect(await screen.findByRole('link', { name: 'ORD-100001-0001' })).toHaveAttribute('href', `/admin/orders/${pending.id}`)
    expect(asObject(queries.at(-1))).toEqual({ page: '1', limit: '10', status: 'pending' })
    expect(screen.getByLabelText('Statut')).toHaveValue('pending')
    const row = screen.getByRole('link', { name: 'ORD-100001-0001' }).closest('tr')!
    expect(within(row).getByText('Awa Diop')).toBeVisible()
    expect(within(row).getByText('35 000 FCFA')).toBeVisible()
    expect(within(row).getByText('Paiement à la livraison')).toBeVisible()
    expect(within(row).getByRole('link', { name: 'E-mail au client de la commande ORD-100001-0001' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:awa@example\.sn\?subject=/),
    )
  })

  it('writes the status filter in the address and asks again, from page 1', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    const queries = mockOrders([makeAdminOrder()], { page: 2, totalPages: 3, totalItems: 25 })
    renderApp('/admin/orders?page=2')
    await screen.findByText('25 commandes')
    await user.selectOptions(screen.getByLabelText('Statut'), 'Expédiée')
    expect(location()).toBe('/admin/orders?status=shipped')
    await waitFor(() => expect(asObject(queries.at(-1))).toEqual({ page: '1', limit: '10', status: 'shipped' }))
  })

  it('names each order’s channel and lists one channel when asked', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    const chat = makeAdminOrder({ orderNumber: 'ORD-100002-0001', channel: 'whatsapp', channelLabel: 'WhatsApp' })
    const queries = mockOrders([chat])
    renderApp('/admin/orders')
    const row = (await screen.findByRole('link', { name: 'ORD-100002-0001' })).closest('tr')!
    expect(within(row).getByText('WhatsApp')).toBeVisible()
    await user.selectOptions(screen.getByLabelText('Canal'), 'WhatsApp')
    expect(location()).toBe('/admin/orders?channel=whatsapp')
    await waitFor(() => expect(asObject(queries.at(-1))).toEqual({ page: '1', limit: '10', channel: 'whatsapp' }))
  })

  it('keeps the date button disabled until a date is set, then filters by the range', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    const queries = mockOrders([makeAdminOrder()])
    renderApp('/admin/orders')
    await screen.findByText('1 commande')
    const dates = screen.getByRole('form', { name: 'Filtrer par date' })
    const button = within(dates).getByRole('button', { name: 'Filtrer' })
    expect(button).toBeDisabled()
    fireEvent.change(within(dates).getByLabelText('Du'), { target: { value: '2026-03-01' } })
    expect(button).toBeEnabled()
    await user.click(button)
    expect(location()).toBe('/admin/orders?fromDate=2026-03-01')
    await waitFor(() => expect(asObject(queries.at(-1))).toEqual({ page: '1', limit: '10', fromDate: '2026-03-01' }))
    // A range that ends before it starts is not sent.
    const applied = screen.getByRole('form', { name: 'Filtrer par date' })
    expect(within(applied).getByLabelText('Du')).toHaveValue('2026-03-01')
    fireEvent.change(within(applied).getByLabelText('Au'), { target: { value: '2026-02-01' } })
    expect(within(applied).getByRole('alert')).toHaveTextContent('La date de début doit précéder la date de fin')
    expect(within(applied).getByRole('button', { name: 'Filtrer' })).toBeDisabled()
    // The applied range can be cleared.
    await user.click(within(applied).getByRole('button', { name: 'Effacer les dates' }))
    expect(location()).toBe('/admin/orders')
  })

  it('searches by number, name or phone once typing pauses', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    const queries = mockOrders([makeAdminOrder()])
    renderApp('/admin/orders')
    await screen.findByText('1 commande')
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), '77 123')
    await waitFor(() => expect(location()).toBe('/admin/orders?search=77+123'))
    await waitFor(() => expect(asObject(queries.at(-1))).toEqual({ page: '1', limit: '10', search: '77 123' }))
    // One request for the settled text, none for each key.
    expect(queries.filter((q) => q.has('search'))).toHaveLength(1)
  })

  it('changes an order’s status from its select once confirmed, and says so', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    const order = makeAdminOrder({ orderNumber: 'ORD-100002-0002' })
    mockOrders([order])
    const bodies: unknown[] = []
    server.use(
      http.put('/api/admin/orders/:id/status', async ({ request, params }) => {
        bodies.push(await request.json())
        expect(params.id).toBe(order.id)
        return HttpResponse.json({ data: { ...order, status: 'shipped' } })
      }),
    )
    renderApp('/admin/orders')
    const select = await screen.findByLabelText('Statut de la commande ORD-100002-0002')

    // « Ne rien changer »: nothing is sent, the select shows the order's status again.
    await user.selectOptions(select, 'Livrée')
    const question = await screen.findByRole('dialog', { name: 'Changer le statut' })
    expect(question).toHaveTextContent('Passer la commande ORD-100002-0002 au statut « Livrée » ?')
    await user.click(within(question).getByRole('button', { name: 'Ne rien changer' }))
    expect(select).toHaveValue('pending')
    expect(bodies).toEqual([])

    await user.selectOptions(select, 'Expédiée')
    const again = await screen.findByRole('dialog', { name: 'Changer le statut' })
    expect(again).toHaveTextContent('Passer la commande ORD-100002-0002 au statut « Expédiée » ?')
    await user.click(within(again).getByRole('button', { name: 'Changer le statut' }))
    expect(await within(toasts()).findByText('Statut de la commande mis à jour')).toBeVisible()
    expect(bodies).toEqual([{ status: 'shipped' }])
  })

  it('shows the server’s reason when it refuses a status, and a French message when it fails', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    const order = makeAdminOrder({ orderNumber: 'ORD-100003-0003', status: 'cancelled' })
    mockOrders([order])
    const refusal = 'Impossible de rouvrir cette commande : stock insuffisant pour T-shirt Teranga (noir, M), 0 disponible(s).'
    server.use(http.put('/api/admin/orders/:id/status', () => apiError(409, 'insufficient_stock', refusal)))
    renderApp('/admin/orders')
    const select = await screen.findByLabelText('Statut de la commande ORD-100003-0003')
    await user.selectOptions(select, 'En attente')
    await user.click(within(await screen.findByRole('dialog', { name: 'Changer le statut' })).getByRole('button', { name: 'Changer le statut' }))
    expect(await within(toasts()).findByText(refusal)).toBeVisible()
    // Nothing changed: the select shows the order's real status again.
    expect(select).toHaveValue('cancelled')

    vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(http.put('/api/admin/orders/:id/status', () => HttpResponse.json({ data: null })))
    await user.selectOptions(select, 'Livrée')
    await user.click(within(await screen.findByRole('dialog', { name: 'Changer le statut' })).getByRole('button', { name: 'Changer le statut' }))
    expect(await within(toasts()).findByText('Erreur lors de la mise à jour du statut')).toBeVisible()
  })

  it('says when the list cannot be loaded', async () => {
    loggedInAsAdmin()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(http.get('/api/admin/orders', () => HttpResponse.json({ orders: [] })))
    renderApp('/admin/orders')
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur lors du chargement des commandes')
    expect(within(toasts()).getByText('Erreur lors du chargement des commandes')).toBeVisible()
  })

  it('says when nothing matches, and shows page links only with more than one page', async () => {
    loggedInAsAdmin()
    mockOrders([])
    renderApp('/admin/orders?status=delivered')
    expect(await screen.findByText('Aucune commande trouvée')).toBeVisible()
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument()
  })

  it('links the other pages with the filters kept', async () => {
    loggedInAsAdmin()
    mockOrders([makeAdminOrder()], { page: 1, totalPages: 3, totalItems: 25 })
    renderApp('/admin/orders?status=pending')
    const pages = await screen.findByRole('navigation', { name: 'Pagination' })
    expect(within(pages).getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/admin/orders?status=pending&page=2')
  })
})
