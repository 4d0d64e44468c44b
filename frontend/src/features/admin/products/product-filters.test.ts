import { describe, expect, it } from 'vitest'
import { productFiltersOf, productsQueryOf } from './product-filters'

const query = (search: string) => productsQueryOf(productFiltersOf(new URLSearchParams(search)))

describe('product filters → GET /api/products?scope=admin', () => {
  it('asks for 10 products, the server default order', () => {
    expect(query('')).toEqual({ page: 1, limit: 10 })
  })

  it('honours ?stock=0 (the dashboard link) and the other stock filters', () => {
    expect(query('stock=0')).toEqual({ page: 1, limit: 10, stock: '0' })
    expect(query('stock=low').stock).toBe('low')
    expect(query('stock=in').stock).toBe('in')
    expect(query('stock=5').stock).toBeUndefined()
  })

  it('turns the sort choice into sortBy and sortOrder', () => {
    expect(query('sort=price-asc')).toMatchObject({ sortBy: 'price', sortOrder: 'asc' })
    expect(query('sort=name-desc')).toMatchObject({ sortBy: 'name', sortOrder: 'desc' })
    expect(query('sort=createdAt-asc')).toMatchObject({ sortBy: 'createdAt', sortOrder: 'asc' })
    expect(query('sort=stock-asc')).toEqual({ page: 1, limit: 10 })
    expect(query('sort=price-up')).toEqual({ page: 1, limit: 10 })
  })

  it('passes the search, a known category and the visibility', () => {
    expect(query('search=chaine&category=accessoire&status=inactive&page=3')).toEqual({
      page: 3,
      limit: 10,
      search: 'chaine',
      category: 'accessoire',
      status: 'inactive',
    })
    expect(query('category=chaussures&status=hidden')).toEqual({ page: 1, limit: 10 })
  })
})
