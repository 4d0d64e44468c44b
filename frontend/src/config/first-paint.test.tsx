import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { render, screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { ProductGallery } from '@/features/catalog/components/product-gallery'
import { parseListingParams } from '@/features/catalog/listing-params'
import { HeroCarousel } from '@/features/home/components/hero-carousel'
import { makeProduct, page } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'
import {
  CARD_IMAGE_SIZES,
  CARD_IMAGE_SIZES_WITH_SIDEBAR,
  FIRST_PAINT,
  HERO,
  LISTING_FIRST_CARDS,
  LISTING_PARAMS,
  LISTING_PRIORITY_CARDS,
  PRODUCT_IMAGE_SIZES,
  PRODUCTS_PAGE_SIZE,
} from './first-paint'

/** A JSON value with its leaves replaced by their types: what a reader of it relies on. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape).slice(0, 1)
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, shape(v)]).sort(([a], [b]) => String(a).localeCompare(String(b))))
  }
  return typeof value
}

describe('the first-paint contract', () => {
  it('is written in the shape the server reads (the fixture of its tests)', () => {
    const fixture = JSON.parse(readFileSync(join(process.cwd(), '../crates/pages/testdata/first-paint.json'), 'utf8')) as unknown
    expect(shape(JSON.parse(JSON.stringify(FIRST_PAINT)))).toEqual(shape(fixture))
  })

  it("paints the hero's first slide, in its box, as the home page's carousel shows it", () => {
    render(
      <MemoryRouter>
        <HeroCarousel />
      </MemoryRouter>,
    )
    const first = document.querySelector('img')!
    expect(first).toHaveAttribute('src', HERO.firstImage)
    expect(first).toHaveAttribute('width', String(HERO.width))
    expect(first).toHaveAttribute('height', String(HERO.height))
    expect(first).toHaveAttribute('fetchpriority', 'high')
  })

  it("gives a product's main picture the widths the server's preload names", () => {
    render(<ProductGallery name="Pull Sahel" images={['/uploads/products/aaa/800.jpg']} index={0} onSelect={() => {}} />)
    expect(document.querySelector('source')).toHaveAttribute('sizes', PRODUCT_IMAGE_SIZES)
    expect(screen.getByRole('img', { name: 'Pull Sahel' })).toHaveAttribute('sizes', PRODUCT_IMAGE_SIZES)
  })

  it('asks for the page of products the server paints, and loads its first cards as the server paints them', async () => {
    const asked: URLSearchParams[] = []
    const products = Array.from({ length: LISTING_FIRST_CARDS + 2 }, (_, i) => makeProduct({ name: `Tee ${i + 1}`, images: [`/uploads/products/p${i}/800.jpg`] }))
    server.use(
      http.get('/api/products', ({ request }) => {
        asked.push(new URL(request.url).searchParams)
        return HttpResponse.json(page(products))
      }),
    )
    renderApp('/products')
    await screen.findByText(`Tee ${products.length}`)
    expect(asked[0]?.get('page')).toBe('1')
    expect(asked[0]?.get('limit')).toBe(String(PRODUCTS_PAGE_SIZE))
    const pictures = screen.getAllByRole('img').filter((img) => img.getAttribute('src')?.startsWith('/uploads/'))
    expect(pictures.map((img) => img.getAttribute('loading') === 'eager').lastIndexOf(true) + 1).toBe(LISTING_FIRST_CARDS)
    expect(pictures.filter((img) => img.getAttribute('fetchpriority') === 'high')).toEqual(pictures.slice(0, LISTING_PRIORITY_CARDS))
    for (const picture of pictures) expect(picture).toHaveAttribute('sizes', CARD_IMAGE_SIZES_WITH_SIDEBAR)
  })

  it("paints /products' cards in the sidebar's widths at every width: on a phone they are the other cards' widths", () => {
    const phone = (sizes: string) => sizes.split(',').at(-1)?.trim()
    expect(phone(CARD_IMAGE_SIZES_WITH_SIDEBAR)).toBe(phone(CARD_IMAGE_SIZES))
  })

  it('names every address parameter the listing reads: any other leaves /products as the server paints it', () => {
    const read = new Set<string>()
    for (const method of ['get', 'getAll', 'has'] as const) {
      const original = URLSearchParams.prototype[method] as (this: URLSearchParams, name: string) => unknown
      vi.spyOn(URLSearchParams.prototype, method).mockImplementation(function (this: URLSearchParams, name: string) {
        read.add(name)
        return original.call(this, name)
      } as never)
    }
    parseListingParams(new URLSearchParams('fbclid=abc&utm_source=whatsapp'))
    expect([...read].sort()).toEqual([...LISTING_PARAMS].sort())
  })
})
