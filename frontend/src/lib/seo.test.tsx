import { render } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE, usePageMeta, type PageMeta } from './seo'

function Page(props: PageMeta) {
  usePageMeta(props)
  return null
}

const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content')

describe('usePageMeta', () => {
  it('sets the defaults when a page gives nothing', () => {
    render(<MemoryRouter initialEntries={['/?utm_source=x']}><Page /></MemoryRouter>)
    expect(document.title).toBe(DEFAULT_TITLE)
    expect(DEFAULT_TITLE).toBe('Bitik Dakar — Mode urbaine à Dakar')
    expect(meta('meta[name="description"]')).toBe(DEFAULT_DESCRIPTION)
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'http://localhost:3000/')
    expect(meta('meta[property="og:image"]')).toBe('http://localhost:3000/images/og-default.jpg')
    expect(meta('meta[property="og:type"]')).toBe('website')
    expect(meta('meta[name="twitter:card"]')).toBe('summary_large_image')
  })

  it("uses the page's title, description, image and canonical path", () => {
    render(
      <MemoryRouter initialEntries={['/product/tee?color=noir']}>
        <Page title="Tee Médina" description="Un tee épais." image="/uploads/tee.webp" type="product" />
      </MemoryRouter>,
    )
    expect(document.title).toBe('Tee Médina | Bitik Dakar')
    expect(meta('meta[property="og:title"]')).toBe('Tee Médina | Bitik Dakar')
    expect(meta('meta[name="twitter:description"]')).toBe('Un tee épais.')
    expect(meta('meta[property="og:url"]')).toBe('http://localhost:3000/product/tee')
    expect(meta('meta[property="og:image"]')).toBe('http://localhost:3000/uploads/tee.webp')
    expect(meta('meta[property="og:type"]')).toBe('product')
  })
})
