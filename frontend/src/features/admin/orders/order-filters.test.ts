import { describe, expect, it } from 'vitest'
import { canFilterByDate, dayOf, orderFiltersOf, ordersQueryOf } from './order-filters'

const query = (search: string) => ordersQueryOf(orderFiltersOf(new URLSearchParams(search)))

describe('order filters → GET /api/admin/orders', () => {
  it('asks for page 1, 10 orders, nothing else by default', () => {
    expect(query('')).toEqual({ page: 1, limit: 10 })
  })

  it('honours ?status=pending (the dashboard link)', () => {
    expect(query('status=pending')).toEqual({ page: 1, limit: 10, status: 'pending' })
  })

  it('passes the dates, the search and the page', () => {
    expect(query('fromDate=2026-03-01&toDate=2026-03-10&search=%20Awa%20&page=2')).toEqual({
      page: 2,
      limit: 10,
      fromDate: '2026-03-01',
      toDate: '2026-03-10',
      search: 'Awa',
    })
  })

  it('drops an unknown status and malformed or impossible dates instead of sending them', () => {
    expect(query('status=lost&fromDate=10/03/2026&toDate=2026-02-30')).toEqual({ page: 1, limit: 10 })
    expect(dayOf('2024-02-29')).toBe('2024-02-29')
    expect(dayOf('2026-13-01')).toBe('')
  })

  it('enables the date button once at least one date is set', () => {
    expect(canFilterByDate('', '')).toBe(false)
    expect(canFilterByDate('2026-03-01', '')).toBe(true)
    expect(canFilterByDate('', '2026-03-10')).toBe(true)
  })
})
