import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import { server } from '@/testing/server'
import { mockStats, ROLE_PERMISSIONS } from '@/testing/admin'
import { makeOrder } from '@/testing/orders'
import { renderApp } from '@/testing/render'

// The home page and the footer call the API; these tests answer "not there yet".
function catalogueMissing() {
  server.use(http.get('/api/*', () => HttpResponse.json({ code: 'not_found', message: 'Introuvable' }, { status: 404 })))
}

describe('404 page', () => {
  it('answers any unknown path with links to home, products and the four subcategories', async () => {
    catalogueMissing()
    renderApp('/une/page/qui/n-existe/pas')
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible()
    const main = screen.getByRole('main')
    expect(within(main).getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/')
    expect(within(main).getByRole('link', { name: 'Voir tous les produits' })).toHaveAttribute('href', '/products')
    const categories = within(main).getByRole('navigation', { name: 'Nos catégories' })
    expect(within(categories).getByRole('link', { name: 'T-shirts' })).toHaveAttribute('href', '/category/vetement/t-shirt')
    expect(within(categories).getByRole('link', { name: 'Pulls' })).toHaveAttribute('href', '/category/vetement/pull')
    expect(within(categories).getByRole('link', { name: 'Lunettes' })).toHaveAttribute('href', '/category/accessoire/lunette')
    expect(within(categories).getByRole('link', { name: 'Chaînes' })).toHaveAttribute('href', '/category/accessoire/chaine')
    // The head is updated in an effect, just after the page is painted.
    await waitFor(() => expect(document.title).toBe('Page introuvable | Bitik Dakar'))
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow')
  })

})

describe('logged-in routes', () => {
  for (const path of ['/orders', '/orders/o1']) {
    it(`sends a guest from ${path} to /login`, async () => {
      catalogueMissing()
      renderApp(path)
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/))
      expect(await screen.findByRole('form', { name: 'Connexion' })).toBeVisible()
    })
  }

  it('opens an order to a guest holding its key, and keeps the key for its next visit', async () => {
    const key = '0123456789abcdef0123456789abcdef'
    let asked: string | null = null
    server.use(
      http.get('/api/orders/o1', ({ request }) => {
        asked = new URL(request.url).searchParams.get('k')
        return HttpResponse.json({ data: makeOrder({ id: 'o1', orderNumber: 'ORD-4128905123' }) })
      }),
    )
    renderApp(`/orders/o1?k=${key}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande ORD-4128905123' })).toBeVisible()
    expect(asked).toBe(key)
    expect(screen.queryByRole('link', { name: '← Mes commandes' })).not.toBeInTheDocument()
    cleanup()
    renderApp('/orders/o1')
    expect(await screen.findByRole('heading', { level: 1, name: 'Commande ORD-4128905123' })).toBeVisible()
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/orders\/o1$/)
  })
})

describe('/unauthorized', () => {
  it('says the section is for the shop’s team and links home', async () => {
    renderApp('/unauthorized')
    expect(await screen.findByText('Cette section est réservée à l’équipe de la boutique.')).toBeVisible()
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/')
  })
})

describe('/admin', () => {
  it('sends a visitor to /login', async () => {
    sessionStore.clear()
    renderApp('/admin')
    expect(await screen.findByRole('tab', { name: 'Connexion', selected: true })).toBeVisible()
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/)
  })

  it('sends a customer to /unauthorized', async () => {
    localStorage.setItem('token', 'customer-token')
    server.use(http.get('/api/auth/me', () => HttpResponse.json({ data: user('customer') })))
    renderApp('/admin')
    expect(await screen.findByText('Cette section est réservée à l’équipe de la boutique.')).toBeVisible()
    expect(screen.getByTestId('location')).toHaveTextContent('/unauthorized')
  })

  it('shows the admin panel, with its own layout, to an admin', async () => {
    localStorage.setItem('token', 'admin-token')
    server.use(http.get('/api/auth/me', () => HttpResponse.json({ data: user('admin') })))
    // /admin opens the dashboard, which reads the statistics.
    mockStats()
    renderApp('/admin')
    expect(await screen.findByRole('heading', { name: 'Administration' })).toBeVisible()
    const nav = screen.getByRole('navigation', { name: 'Administration' })
    for (const [name, href] of [['Tableau de bord', '/admin/dashboard'], ['Commandes', '/admin/orders'], ['Produits', '/admin/products'], ['Utilisateurs', '/admin/users']]) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href)
    }
    expect(screen.getByText('Fatou Sow')).toBeVisible()
    // No storefront header inside the admin area.
    expect(screen.queryByRole('searchbox', { name: 'Rechercher des produits' })).not.toBeInTheDocument()
  })

  it('shows a seller only their work: orders, messages, conversations and products, no figures nor money', async () => {
    localStorage.setItem('token', 'seller-token')
    server.use(
      http.get('/api/auth/me', () => HttpResponse.json({ data: user('seller') })),
      http.get('/api/admin/orders', () => HttpResponse.json({ data: [], pagination: { page: 1, limit: 20, totalItems: 0, totalPages: 0 } })),
    )
    renderApp('/admin')
    // The bare /admin opens the seller's first screen, not the dashboard's figures.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/orders$/))
    const nav = screen.getByRole('navigation', { name: 'Administration' })
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Commandes', 'Produits', 'Messages', 'Conversations', 'Connexion en deux étapes'])
  })

  it('tells a seller the dashboard and « Caisse » are not theirs', async () => {
    localStorage.setItem('token', 'seller-token')
    server.use(http.get('/api/auth/me', () => HttpResponse.json({ data: user('seller') })))
    renderApp('/admin/cash')
    expect(await screen.findByText('Cette page n’est pas ouverte à votre rôle.')).toBeVisible()
    expect(screen.getByRole('link', { name: /^Aller à «\sCommandes\s»$/ })).toHaveAttribute('href', '/admin/orders')
  })

  it('lets a courier in, with no back-office work yet but their own two-step login', async () => {
    localStorage.setItem('token', 'courier-token')
    server.use(http.get('/api/auth/me', () => HttpResponse.json({ data: user('courier') })))
    renderApp('/admin')
    expect(await screen.findByText('Cette page n’est pas ouverte à votre rôle.')).toBeVisible()
    const links = within(screen.getByRole('navigation', { name: 'Administration' })).queryAllByRole('link')
    expect(links.map((link) => link.textContent)).toEqual(['Connexion en deux étapes'])
  })

  it('sends a manager who must set up two-step login to its screen first', async () => {
    localStorage.setItem('token', 'manager-token')
    server.use(http.get('/api/auth/me', () => HttpResponse.json({ data: { ...user('manager'), twoFactorSetupRequired: true } })))
    renderApp('/admin/orders')
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/two-factor$/))
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion en deux étapes' })).toBeVisible()
    expect(screen.getByText(/Votre rôle demande la connexion en deux étapes/)).toBeVisible()
  })
})

function user(role: 'customer' | keyof typeof ROLE_PERMISSIONS) {
  return {
    permissions: role === 'customer' ? [] : [...ROLE_PERMISSIONS[role]],
    id: 'u1',
    firstName: 'Fatou',
    lastName: 'Sow',
    email: 'fatou@example.sn',
    phone: '+221 77 123 45 67',
    address: null,
    city: 'Dakar',
    zipCode: null,
    country: 'Sénégal',
    role,
    active: true,
    createdAt: '2025-01-10T09:00:00Z',
  }
}
