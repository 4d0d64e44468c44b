import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { makeProduct, page } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

function products(handler: Parameters<typeof http.get>[1]) {
  server.use(http.get('/api/products', handler))
}

describe('/products', () => {
  it('mirrors the address in the API query and shows heading, count, grid and pagination', async () => {
    let query = ''
    products(({ request }) => {
      query = new URL(request.url).search
      return HttpResponse.json(page([makeProduct({ name: 'Tee Plateau' })], { page: 2, totalItems: 30, totalPages: 3 }))
    })
    renderApp('/products?new=true&page=2&sort=price-desc&colors=noir,blanc')

    expect(await screen.findByRole('heading', { level: 1, name: 'Nouveautés' })).toBeVisible()
    expect(await screen.findByText('30 produits')).toBeVisible()
    expect(screen.getByRole('link', { name: /Tee Plateau/ })).toBeVisible()
    const pagination = screen.getByRole('navigation', { name: 'Pagination' })
    expect(within(pagination).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
    expect(within(pagination).getByRole('link', { name: 'Page 3' })).toHaveAttribute(
      'href',
      '/products?new=true&page=3&sort=price-desc&colors=noir%2Cblanc',
    )
    expect(new URLSearchParams(query).toString()).toBe(
      new URLSearchParams({ page: '2', limit: '12', sort: 'price-desc', colors: 'noir,blanc', new: 'true' }).toString(),
    )
    await waitFor(() => expect(document.title).toBe('Nouveautés – page 2 | Bitik Dakar'))
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'http://localhost:3000/products?new=true&page=2')
  })

  it('titles a search with the searched text and hides pagination for a single page', async () => {
    products(() => HttpResponse.json(page([makeProduct()])))
    renderApp('/products?search=chaine')
    expect(await screen.findByRole('heading', { level: 1, name: 'Résultats pour « chaine »' })).toBeVisible()
    expect(await screen.findByText('1 produit')).toBeVisible()
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument()
  })

  it('says so when nothing matches', async () => {
    products(() => HttpResponse.json(page([], { totalItems: 0, totalPages: 0 })))
    renderApp('/products?subcategory=pull')
    expect(await screen.findByRole('heading', { level: 1, name: 'Pulls' })).toBeVisible()
    expect(await screen.findByText('Aucun produit ne correspond à vos critères.')).toBeVisible()
  })

  it('says so when the products cannot be loaded', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    products(() => HttpResponse.json({ code: 'internal', message: 'Erreur interne' }, { status: 500 }))
    renderApp('/products')
    expect(await screen.findByRole('heading', { level: 1, name: 'Tous nos produits' })).toBeVisible()
    // GETs are retried twice on a 5xx (1 s, then 2 s) before giving up.
    await vi.advanceTimersByTimeAsync(3100)
    expect(await screen.findByText('Impossible de charger les produits. Veuillez réessayer plus tard.')).toBeVisible()
  })
})
