import { describe, expect, it } from 'vitest'
import { formatDate, formatDiscount, formatPrice } from './format'

describe('formatDiscount', () => {
  it('writes an amount taken off with a minus sign and a space, grouped like a price', () => {
    expect(formatDiscount(800)).toBe('− 800 FCFA')
    expect(formatDiscount(12500)).toBe('− 12 500 FCFA')
  })
})

describe('formatPrice', () => {
  it.each([
    [12500, '12 500 FCFA'],
    [0, '0 FCFA'],
    [990, '990 FCFA'],
    [1000, '1 000 FCFA'],
    [1250000, '1 250 000 FCFA'],
  ])('%i → %s', (amount, expected) => {
    expect(formatPrice(amount)).toBe(expected)
  })

  it('uses a plain space between groups (no narrow no-break space)', () => {
    expect(formatPrice(50000)).toBe('50 000 FCFA')
    expect(formatPrice(50000)).not.toMatch(/[\u202f\u00a0]/)
  })

  it.each([NaN, Infinity, -Infinity, undefined, null, '12500', {}])('%s → Prix non disponible', (value) => {
    expect(formatPrice(value)).toBe('Prix non disponible')
  })
})

describe('formatDate', () => {
  it('writes the fr-FR long form', () => {
    expect(formatDate('2025-03-05T10:00:00Z')).toBe('5 mars 2025')
    expect(formatDate(new Date('2024-08-15T12:00:00Z'))).toBe('15 août 2024')
  })

  it('uses Dakar time (UTC+0), whatever the browser zone', () => {
    // 23:30 UTC on 31 December is still 31 December in Dakar (it is already 1 January in Paris).
    expect(formatDate('2024-12-31T23:30:00Z')).toBe('31 décembre 2024')
    // An offset timestamp is converted: 01:30 in UTC+2 is the previous evening in Dakar.
    expect(formatDate('2025-03-06T01:30:00+02:00')).toBe('5 mars 2025')
  })

  it('can add the time', () => {
    expect(formatDate('2025-03-05T14:07:00Z', { withTime: true })).toBe('5 mars 2025 à 14:07')
  })

  it.each(['pas une date', '', undefined, null, NaN, new Date('invalid')])('%s → Date non disponible', (value) => {
    expect(formatDate(value)).toBe('Date non disponible')
  })
})
