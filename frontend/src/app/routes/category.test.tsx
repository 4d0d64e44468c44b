import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { makeProduct, page } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

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
    // Filtering by colour, size or price happens on /products, starting from this subcategory.
    expect(screen.getByRole('link', { name: 'Filtrer' })).toHaveAttribute('href', '/products?category=vetement&subcategory=pull')
    expect(seen[0]).toEqual({ page: '1', limit: '12', category: 'vetement', subcategory: 'pull' })
    const pagination = screen.getByRole('navigation', { name: 'Pagination' })
    expect(within(pagination).getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/category/vetement/pull?page=2')

    await user.selectOptions(screen.getByRole('combobox', { name: 'Trier par' }), 'Prix croissant')
    await waitFor(() => expect(location()).toBe('/category/vetement/pull?sort=price-asc'))
    await waitFor(() => expect(seen.at(-1)).toEqual({ page: '1', limit: '12', sort: 'price-asc', category: 'vetement', subcategory: 'pull' }))
    await waitFor(() => expect(document.title).toBe('Pulls | Bitik Dakar'))
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'http://localhost:3000/category/vetement/pull')
  })

  it('lists a category under its label and ignores filters in its address', async () => {
    const seen = products()
    renderApp('/category/accessoire?page=2&colors=noir')
    expect(await screen.findByRole('heading', { level: 1, name: 'Accessoires' })).toBeVisible()
    await waitFor(() => expect(seen[0]).toEqual({ page: '2', limit: '12', category: 'accessoire' }))
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
