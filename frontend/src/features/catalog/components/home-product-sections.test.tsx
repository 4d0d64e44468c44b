import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { makeProduct, page } from '@/testing/fixtures'
import { renderWithProviders } from '@/testing/render'
import { server } from '@/testing/server'
import { FeaturedProducts, NewArrivals, Promotions } from './home-product-sections'

function Sections() {
  return (
    <>
      <FeaturedProducts />
      <NewArrivals />
      <Promotions />
    </>
  )
}

describe('home product sections', () => {
  it('render product cards from the three endpoints with the expected queries', async () => {
    const seen: string[] = []
    server.use(
      http.get('/api/products', ({ request }) => {
        seen.push(new URL(request.url).search)
        return HttpResponse.json(page([makeProduct({ name: 'Tee Médina', slug: 'tee-medina', price: 12500 })]))
      }),
      http.get('/api/products/new-arrivals', ({ request }) => {
        seen.push(new URL(request.url).search)
        return HttpResponse.json({ data: Array.from({ length: 8 }, (_, i) => makeProduct({ name: `Nouveau ${i + 1}` })) })
      }),
      http.get('/api/products/promotions', ({ request }) => {
        seen.push(new URL(request.url).search)
        return HttpResponse.json({
          data: [makeProduct({ name: 'Pull Corniche', slug: 'pull-corniche', price: 25000, promoPrice: 20000, onPromotion: true })],
        })
      }),
    )
    renderWithProviders(<Sections />)

    const featured = await screen.findByRole('region', { name: 'Produits à la une' })
    const card = await within(featured).findByRole('link', { name: /Tee Médina/ })
    expect(card).toHaveAttribute('href', '/product/tee-medina')
    expect(within(card).getByText('12 500 FCFA')).toBeVisible()
    expect(within(card).getByRole('img', { name: 'Tee Médina' })).toHaveAttribute('loading', 'lazy')
    expect(within(featured).getByRole('link', { name: 'Voir tout' })).toHaveAttribute('href', '/products?featured=true')

    // 8 new arrivals fetched, the first 4 shown.
    const arrivals = await screen.findByRole('region', { name: 'Nouveautés' })
    expect(await within(arrivals).findByText('Nouveau 4')).toBeVisible()
    expect(within(arrivals).queryByText('Nouveau 5')).not.toBeInTheDocument()

    const promotions = await screen.findByRole('region', { name: 'Promotions' })
    const promo = await within(promotions).findByRole('link', { name: /Pull Corniche/ })
    expect(within(promo).getByText('20 000 FCFA')).toBeVisible()
    expect(within(promo).getByText('25 000 FCFA').tagName).toBe('S')
    expect(within(promo).getByText('-20%')).toBeVisible()

    expect(seen.sort()).toEqual(['?featured=true&limit=8', '?limit=4', '?limit=8'])
  })

  it('hide themselves when the endpoints answer 404', async () => {
    server.use(http.get('/api/products*', () => HttpResponse.json({ code: 'not_found', message: 'Introuvable' }, { status: 404 })))
    renderWithProviders(<Sections />)
    // Skeletons while loading, then nothing at all.
    expect(screen.getByRole('region', { name: 'Produits à la une' })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('region')).not.toBeInTheDocument())
    expect(screen.queryByRole('heading')).not.toBeInTheDocument()
  })

  it('hide themselves when the answer does not match the product schema', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(http.get('/api/products*', () => HttpResponse.json({ data: [{ id: 1, name: 'Sans prix' }] })))
    renderWithProviders(<FeaturedProducts />)
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Produits à la une' })).not.toBeInTheDocument())
    expect(consoleError).toHaveBeenCalled()
  })
})
