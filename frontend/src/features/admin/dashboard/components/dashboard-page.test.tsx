import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'
import { apiError, loggedInAsAdmin, makeOrderStats, mockStats, PRODUCT_STATS, USER_STATS } from '@/testing/admin'

beforeEach(() => sessionStore.clear())

/** A statistic card, found by its label (in the page: the sidebar names screens the same way). */
function card(label: string): HTMLElement {
  const element = within(screen.getByRole('main')).getByText(label).parentElement
  if (!element) throw new Error(`no card ${label}`)
  return element
}

const STATS = makeOrderStats({
  recentOrders: [
    { id: 'o1', orderNumber: 'ORD-111111-0001', customerName: 'Awa Diop', total: 21000, status: 'pending', paymentStatus: 'pending', paymentMethod: 'cash_on_delivery', createdAt: '2026-03-10T10:15:00Z' },
    { id: 'o2', orderNumber: 'ORD-111111-0002', customerName: 'Ibrahima Fall', total: 9500, status: 'shipped', paymentStatus: 'paid', paymentMethod: 'wave', createdAt: '2026-03-09T18:00:00Z' },
  ],
  topProducts: [
    { productId: 'p1', name: 'T-shirt Teranga', slug: 't-shirt-teranga', image: '/uploads/products/abc/800.jpg', unitsSold: 12, salesAmount: 114000, active: true },
    { productId: 'p2', name: 'Chaîne Cubaine', slug: 'chaine-cubaine', image: null, unitsSold: 1, salesAmount: 15000, active: false },
  ],
})

describe('/admin/dashboard', () => {
  it('is where /admin leads, with the eight figures of the server and their real trends', async () => {
    loggedInAsAdmin()
    mockStats(STATS)
    renderApp('/admin')
    expect(await screen.findByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible()
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard')
    await screen.findByText('Commandes du jour')

    expect(within(card('Commandes du jour')).getByText('3')).toBeVisible()
    expect(within(card('Commandes du jour')).getByText('En hausse de 50 % par rapport à hier')).toBeInTheDocument()
    expect(within(card('Commandes du jour')).getByText('Hier : 2')).toBeVisible()
    expect(within(card("Chiffre d'affaires du jour")).getByText('45 000 FCFA')).toBeVisible()
    expect(within(card('Commandes en attente')).getByText('4')).toBeVisible()
    expect(within(card('Commandes à confirmer')).getByText('2')).toBeVisible()
    expect(within(card("Chiffre d'affaires du mois")).getByText('520 000 FCFA')).toBeVisible()
    expect(within(card("Chiffre d'affaires du mois")).getByText('+30 %')).toBeVisible()
    expect(within(card('Utilisateurs')).getByText('120')).toBeVisible()
    expect(within(card('Nouveaux utilisateurs (ce mois)')).getByText('14')).toBeVisible()
    expect(within(card('Nouveaux utilisateurs (ce mois)')).getByText('+40 %')).toBeVisible()
    expect(within(card('Produits')).getByText('24')).toBeVisible()
    expect(within(card('En rupture de stock')).getByText('3')).toBeVisible()
    // The old version's fixed texts are gone: no revenue goal.
    expect(screen.queryByText(/objectif/i)).not.toBeInTheDocument()
  })

  it('shows no trend where the previous period had nothing, and a fall as a fall', async () => {
    loggedInAsAdmin()
    mockStats(
      makeOrderStats({ trends: { todayOrders: null, todayRevenue: -25, monthOrders: null, monthRevenue: null } }),
      { ...USER_STATS, trends: { newUsers: null } },
    )
    renderApp('/admin/dashboard')
    await screen.findByText('Commandes du jour')
    expect(within(card('Commandes du jour')).queryByText(/%/)).not.toBeInTheDocument()
    expect(within(card("Chiffre d'affaires du mois")).queryByText(/%/)).not.toBeInTheDocument()
    expect(within(card('Nouveaux utilisateurs (ce mois)')).queryByText(/%/)).not.toBeInTheDocument()
    expect(within(card("Chiffre d'affaires du jour")).getByText('−25 %')).toBeVisible()
    expect(within(card("Chiffre d'affaires du jour")).getByText('En baisse de 25 % par rapport à hier')).toBeInTheDocument()
  })

  it('links the pending orders and the sold-out products to their filtered lists', async () => {
    loggedInAsAdmin()
    mockStats(STATS)
    renderApp('/admin/dashboard')
    await screen.findByText('Commandes en attente')
    expect(screen.getByText('Commandes en attente').closest('a')).toHaveAttribute('href', '/admin/orders?status=pending')
    expect(screen.getByText('Commandes à confirmer').closest('a')).toHaveAttribute(
      'href',
      '/admin/orders?status=pending&confirmation=unconfirmed',
    )
    expect(screen.getByText('En rupture de stock').closest('a')).toHaveAttribute('href', '/admin/products?stock=0')
  })

  it('lists the recent orders and the best sellers', async () => {
    loggedInAsAdmin()
    mockStats(STATS)
    renderApp('/admin/dashboard')
    const recent = await screen.findByRole('region', { name: 'Commandes récentes' })
    expect(within(recent).getByRole('link', { name: 'ORD-111111-0001' })).toHaveAttribute('href', '/admin/orders/o1')
    expect(within(recent).getByText('21 000 FCFA')).toBeVisible()
    expect(within(recent).getByText('Expédiée')).toBeVisible()
    const top = screen.getByRole('region', { name: 'Meilleures ventes' })
    const items = within(top).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(within(items[0]!).getByRole('link', { name: 'T-shirt Teranga' })).toHaveAttribute('href', '/admin/products/edit/p1')
    expect(within(items[0]!).getByText('12 vendus')).toBeVisible()
    expect(within(items[0]!).getByText('114 000 FCFA')).toBeVisible()
    expect(within(items[1]!).getByText('Désactivé')).toBeVisible()
  })

  it('draws the 30 days of sales by hand, revenue or orders', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    mockStats(STATS)
    renderApp('/admin/dashboard')
    const chart = await screen.findByRole('img', { name: /Chiffre d'affaires par jour sur 30 jours, total 195 000 FCFA/ })
    expect(chart.querySelectorAll('rect')).toHaveLength(30)
    await user.click(screen.getByRole('button', { name: 'Commandes' }))
    expect(screen.getByRole('img', { name: /Commandes par jour sur 30 jours, total 13 commandes/ })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Commandes' })).toHaveAttribute('aria-pressed', 'true')
  })

  it('says so when a figure cannot be loaded, without showing zeros in its place', async () => {
    loggedInAsAdmin()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(
      // An answer the client cannot read (a server of another version): not retried, reported.
      http.get('/api/admin/orders/stats', () => HttpResponse.json({ data: { todayOrders: 'trois' } })),
      http.get('/api/admin/users/stats', () => HttpResponse.json({ data: USER_STATS })),
      http.get('/api/admin/products/stats', () => HttpResponse.json({ data: PRODUCT_STATS })),
    )
    renderApp('/admin/dashboard')
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur lors du chargement des statistiques')
    expect(await within(screen.getByRole('main')).findByText('Utilisateurs')).toBeVisible()
    expect(screen.queryByText('Commandes du jour')).not.toBeInTheDocument()
    expect(screen.queryByText('0 FCFA')).not.toBeInTheDocument()
  })
})

describe('/admin/dashboard refused by the server', () => {
  it('shows the server’s own sentence for a refusal', async () => {
    loggedInAsAdmin()
    server.use(
      http.get('/api/admin/orders/stats', () => apiError(403, 'forbidden', 'Cette section est réservée à l’équipe de la boutique.')),
      http.get('/api/admin/users/stats', () => HttpResponse.json({ data: USER_STATS })),
      http.get('/api/admin/products/stats', () => HttpResponse.json({ data: PRODUCT_STATS })),
    )
    renderApp('/admin/dashboard')
    expect(await screen.findByRole('alert')).toHaveTextContent('Cette section est réservée à l’équipe de la boutique.')
  })
})
