// Text typed by shoppers and admins (here a product's name and descriptions, written in the back
// office) is shown as text: markup in it is displayed literally and never becomes elements.
import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { makeProduct } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'

const attack = '<img src=x onerror="window.__pwned=1">'

const product = makeProduct({
  name: `T-shirt ${attack}`,
  slug: 't-shirt-piege',
  shortDescription: `<script>window.__pwned=2</script>`,
  description: `Coupe ample ${attack} <b>gras</b>`,
  material: `<iframe src="https://example.com"></iframe>`,
})

describe('text typed by users', () => {
  it('is rendered as text, never as HTML', async () => {
    server.use(
      http.get('/api/products/:idOrSlug/similar', () => HttpResponse.json({ data: [] })),
      http.get('/api/products/:idOrSlug', () => HttpResponse.json({ data: product })),
    )
    const { container } = renderApp('/product/t-shirt-piege')

    expect(await screen.findByRole('heading', { level: 1, name: `T-shirt ${attack}` })).toBeVisible()
    expect(screen.getByRole('tabpanel', { name: 'Description' })).toHaveTextContent(`Coupe ample ${attack} <b>gras</b>`)
    expect(container.querySelector('img[src="x"], script, iframe, b')).toBeNull()
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined()
  })
})
