import { describe, expect, it } from 'vitest'
import { pageHref, pageOf, withParams } from './list-params'

describe('admin list addresses', () => {
  it('read the page as a whole number from 1', () => {
    expect(pageOf(new URLSearchParams('page=3'))).toBe(3)
    for (const bad of ['', 'page=0', 'page=-2', 'page=1.5', 'page=abc']) expect(pageOf(new URLSearchParams(bad))).toBe(1)
  })

  it('go back to page 1 when a filter changes, and drop emptied filters', () => {
    const params = new URLSearchParams('status=pending&page=4&search=awa')
    expect(withParams(params, { status: 'shipped' }).toString()).toBe('status=shipped&search=awa')
    expect(withParams(params, { search: '' }).toString()).toBe('status=pending')
  })

  it('link page n with the filters kept, page 1 without a page number', () => {
    const params = new URLSearchParams('stock=0&page=2')
    expect(pageHref('/admin/products', params, 3)).toBe('/admin/products?stock=0&page=3')
    expect(pageHref('/admin/products', params, 1)).toBe('/admin/products?stock=0')
    expect(pageHref('/admin/products', new URLSearchParams(), 1)).toBe('/admin/products')
  })
})
