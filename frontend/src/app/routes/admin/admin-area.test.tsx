// The back office speaks French only, and each of its screens names itself in the
// browser's tab: staff keep several screens open and find them by their titles.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import { apiError, loggedInAsAdmin, mockStats } from '@/testing/admin'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const SIDEBAR = [
  ['Tableau de bord', '/admin/dashboard'],
  ['Commandes', '/admin/orders'],
  ['Caisse', '/admin/cash'],
  ['Produits', '/admin/products'],
  ['Utilisateurs', '/admin/users'],
  ['Livraison', '/admin/delivery'],
  ['Codes promo', '/admin/promo-codes'],
  ['Messages', '/admin/messages'],
  ['Conversations', '/admin/conversations'],
  ['Journal', '/admin/journal'],
  ['Connexion en deux étapes', '/admin/two-factor'],
] as const

/** Every screen of admin-area.tsx's table and the title of its tab. */
const TITLES = [
  ['/admin/dashboard', 'Tableau de bord – Administration'],
  ['/admin/orders', 'Commandes – Administration'],
  ['/admin/orders/o1', 'Commande – Administration'],
  ['/admin/orders/o1/facture', 'Facture – Administration'],
  ['/admin/cash', 'Caisse – Administration'],
  ['/admin/products', 'Produits – Administration'],
  ['/admin/products/new', 'Nouveau produit – Administration'],
  ['/admin/products/edit/p1', 'Modifier le produit – Administration'],
  ['/admin/users', 'Utilisateurs – Administration'],
  ['/admin/users/new', 'Nouvel utilisateur – Administration'],
  ['/admin/users/edit/u1', "Modifier l'utilisateur – Administration"],
  ['/admin/delivery', 'Zones de livraison – Administration'],
  ['/admin/delivery/new', 'Nouvelle zone – Administration'],
  ['/admin/delivery/edit/dakar', 'Modifier la zone – Administration'],
  ['/admin/promo-codes', 'Codes promo – Administration'],
  ['/admin/messages', 'Messages – Administration'],
  ['/admin/conversations', 'Conversations – Administration'],
  ['/admin/conversations/%2B221771234567', 'Conversation 77 123 45 67 – Administration'],
  ['/admin/journal', 'Journal – Administration'],
  ['/admin/two-factor', 'Connexion en deux étapes – Administration'],
] as const

const tab = (title: string) => `${title} | Bitik Dakar`

beforeEach(() => {
  sessionStore.clear()
  document.title = ''
  loggedInAsAdmin()
  mockStats()
})

describe('the back office’s sidebar', () => {
  it('is in French: « Administration » and its nine screens', async () => {
    renderApp('/admin/dashboard')
    expect(await screen.findByRole('heading', { level: 2, name: 'Administration' })).toBeVisible()
    const nav = screen.getByRole('navigation', { name: 'Administration' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(SIDEBAR)
    for (const english of ['Admin Panel', 'Dashboard', 'Orders', 'Products', 'Users', 'Delivery']) {
      expect(screen.queryByText(english)).not.toBeInTheDocument()
    }
  })
})

describe('the back office’s titles', () => {
  // The title comes before the data: a screen whose data cannot be read still names itself.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(
      http.get('/api/admin/*', () => apiError(500, 'internal', 'Erreur interne')),
      http.get('/api/products', () => apiError(500, 'internal', 'Erreur interne')),
      http.get('/api/products/:id', () => apiError(500, 'internal', 'Erreur interne')),
    )
    mockStats()
  })

  for (const [path, title] of TITLES) {
    it(`${path}: « ${title} »`, async () => {
      renderApp(path)
      await waitFor(() => expect(document.title).toBe(tab(title)))
      expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow')
    })
  }

  it('follows the sidebar, back to a screen already seen included', async () => {
    const user = userEvent.setup()
    renderApp('/admin/dashboard')
    await waitFor(() => expect(document.title).toBe(tab('Tableau de bord – Administration')))
    const nav = screen.getByRole('navigation', { name: 'Administration' })
    for (const [name, to] of [...SIDEBAR.slice(1), SIDEBAR[0]]) {
      await user.click(within(nav).getByRole('link', { name }))
      const title = TITLES.find(([path]) => path === to)![1]
      await waitFor(() => expect(document.title).toBe(tab(title)))
    }
    // Once every screen is loaded, a change of screen happens in one render: still the screen's title.
    await user.click(within(nav).getByRole('link', { name: 'Commandes' }))
    await waitFor(() => expect(document.title).toBe(tab('Commandes – Administration')))
  })
})
