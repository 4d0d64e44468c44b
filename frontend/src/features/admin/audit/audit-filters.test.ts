import { describe, expect, it } from 'vitest'
import { auditFiltersOf, auditQueryOf, csvQueryOf } from './audit-filters'

describe('the journal’s filters in the address', () => {
  it('reads them, drops malformed days and sends only what is set', () => {
    const filters = auditFiltersOf(new URLSearchParams('actor=a1&action=%20order.status%20&from=2026-03-01&to=11/03/2026&page=3'))
    expect(filters).toEqual({ page: 3, actor: 'a1', action: 'order.status', targetType: '', targetId: '', from: '2026-03-01', to: '' })
    expect(auditQueryOf(filters)).toEqual({ page: 3, limit: 10, actor: 'a1', action: 'order.status', from: '2026-03-01' })
    expect(csvQueryOf(filters)).toEqual({ actor: 'a1', action: 'order.status', from: '2026-03-01' })
  })
})
