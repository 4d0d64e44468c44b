import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { PAINTED_ROUTES } from '@/config/first-paint'
import { renderApp } from '@/testing/render'

// Each route module the contract names stands in for itself, so that the page shows which one
// the route table chose. Mocked before any page is rendered: React's `lazy` keeps what it loaded.
for (const [name, module] of Object.entries(PAINTED_ROUTES)) {
  vi.doMock(`/${module}`, () => ({ default: () => <p>route module: {name}</p> }))
}

describe('the pages the server paints', () => {
  it.each([
    ['/', 'home'],
    ['/products', 'products'],
    ['/category/vetement', 'category'],
    ['/category/vetement/pull', 'category'],
    ['/product/pull-sahel', 'product'],
  ])('%s is rendered by the route module the server preloads for it (%s)', async (path, name) => {
    renderApp(path)
    expect(await screen.findByText(`route module: ${name}`)).toBeInTheDocument()
  })
})
