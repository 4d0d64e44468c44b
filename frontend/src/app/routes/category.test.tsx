import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { makeProduct, page } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'
import { frenchSpacing } from '@/lib/typography'

function products() {
  const seen: Record<string, string>[] = []
  server.use(
    http.get('/api/products', ({ request }) => {
      seen.push(Object.fromEntries(new URL(request.url).searchParams))
      return HttpResponse.json(page([makeProduct({ name: 'Pull Corniche' })], { totalItems: 25, totalPages: 3 }))
    }),
  )
  return seen
}

const location = () => screen.getByTestId('location').textContent

describe('/category/{category}[/{subcategory}]', () => {
  it('lists a subcategory under its label, without the sidebar, paged and sorted in its own address', async () => {
    const user = userEvent.setup()
    const seen = products()
    renderApp('/category/vetement/pull')
    expect(await screen.findByRole('heading', { level: 1, name: 'Pulls' })).toBeVisible()
    expect(await screen.findByText('25 produits')).toBeVisible()
    expect(screen.queryByRole('complementary', { name: 'Filtres' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Filtres/ })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Filtrer' })).toBeVisible()
    expect(seen[0]).toEqual({ page: '1', limit: '12', category: 'vetement', subcategory: 'pull' })
    const pagination = screen.getByRole('navigation', { name: 'Pagination' })
    expect(within(pagination).getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/category/vetement/pull?page=2')

    await user.selectOptions(screen.getByRole('combobox', { name: 'Trier par' }), 'Prix croissant')
    await waitFor(() => expect(location()).toBe('/category/vetement/pull?sort=price-asc'))
    await waitFor(() => expect(seen.at(-1)).toEqual({ page: '1', limit: '12', sort: 'price-asc', category: 'vetement', subcategory: 'pull' }))
    await waitFor(() => expect(document.title).toBe('Pulls | Bitik Dakar'))
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'http://localhost:3000/category/vetement/pull')
  })

  it('lists a category under its label with the filters of its address, shown as chips', async () => {
    const seen = products()
    renderApp('/category/accessoire?page=2&colors=noir&category=vetement&search=pull')
    expect(await screen.findByRole('heading', { level: 1, name: 'Accessoires' })).toBeVisible()
    await waitFor(() => expect(seen[0]).toEqual({ page: '2', limit: '12', category: 'accessoire', colors: 'noir' }))
    const chips = screen.getByRole('list', { name: 'Filtres actifs' })
    expect(within(chips).getAllByRole('button').map((b) => b.textContent)).toEqual([frenchSpacing('Couleur : Noir✕')])
  })

  it('« Filtrer » filters this page in one tap: the choices stay in its address, and its chips undo them', async () => {
    const user = userEvent.setup()
    const seen = products()
    renderApp('/category/vetement/pull?sort=price-asc')
    await screen.findByText('25 produits')
    await user.click(screen.getByRole('button', { name: 'Filtrer' }))
    const drawer = await screen.findByRole('dialog', { name: 'Filtres' })
    // The category is the page's: no category to choose.
    expect(within(drawer).queryByRole('group', { name: 'Catégorie' })).not.toBeInTheDocument()
    await user.click(within(drawer).getByRole('checkbox', { name: 'M' }))
    await waitFor(() => expect(location()).toBe('/category/vetement/pull?sort=price-asc&sizes=M'))
    await user.click(within(drawer).getByRole('checkbox', { name: 'Noir' }))
    await waitFor(() => expect(location()).toBe('/category/vetement/pull?sort=price-asc&colors=noir&sizes=M'))
    await waitFor(() =>
      expect(seen.at(-1)).toEqual({ page: '1', limit: '12', sort: 'price-asc', category: 'vetement', subcategory: 'pull', colors: 'noir', sizes: 'M' }),
    )
    await user.click(within(drawer).getByRole('button', { name: 'Voir 25 produits' }))
    expect(screen.getByRole('button', { name: 'Filtrer, 2 actifs' })).toBeVisible()

    const chips = screen.getByRole('list', { name: 'Filtres actifs' })
    expect(within(chips).getByRole('button', { name: frenchSpacing('Retirer le filtre Couleur : Noir') })).toHaveTextContent('Couleur : Noir✕')
    await user.click(within(chips).getByRole('button', { name: frenchSpacing('Retirer le filtre Taille : M') }))
    await waitFor(() => expect(location()).toBe('/category/vetement/pull?sort=price-asc&colors=noir'))
    await user.click(screen.getByRole('button', { name: 'Tout effacer' }))
    await waitFor(() => expect(location()).toBe('/category/vetement/pull?sort=price-asc'))
    expect(screen.queryByRole('list', { name: 'Filtres actifs' })).not.toBeInTheDocument()
  })

  it('sends an unknown category to /products', async () => {
    products()
    renderApp('/category/chaussures/baskets')
    await waitFor(() => expect(location()).toBe('/products'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Tous nos produits' })).toBeVisible()
  })

  it('sends an invalid subcategory, or one of another category, to the category page', async () => {
    products()
    renderApp('/category/vetement/lunette')
    await waitFor(() => expect(location()).toBe('/category/vetement'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Vêtements' })).toBeVisible()
  })

  it('sends a made-up subcategory to the category page', async () => {
    products()
    renderApp('/category/accessoire/bagues')
    await waitFor(() => expect(location()).toBe('/category/accessoire'))
  })
})
