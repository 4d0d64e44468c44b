import { describe, expect, it } from 'vitest'
import { formatPhone, looksLikePhone } from './phone'

describe('formatPhone', () => {
  it.each([
    ['+221771234567', '77 123 45 67'],
    ['+221338212345', '33 821 23 45'],
    ['+221701234567', '70 123 45 67'],
  ])('shows the Senegalese %s as %s', (stored, shown) => {
    expect(formatPhone(stored)).toBe(shown)
  })

  it("keeps another country's number in international form and an old unread phone as typed", () => {
    expect(formatPhone('+33612345678')).toBe('+33612345678')
    expect(formatPhone('appeler Awa')).toBe('appeler Awa')
    expect(formatPhone(' 77 123 45 67 ')).toBe('77 123 45 67')
  })

  it('shows nothing for no phone', () => {
    expect(formatPhone(null)).toBe('')
    expect(formatPhone(undefined)).toBe('')
    expect(formatPhone('')).toBe('')
  })
})

describe('looksLikePhone', () => {
  it.each(['77 123 45 67', '+221 77 123 45 67', '77.123.45.67', '00221 77-123-45-67', '+33 6 12 34 56 78', '(+221) 771234567'])(
    'takes %s',
    (typed) => {
      expect(looksLikePhone(typed)).toBe(true)
    },
  )

  it.each(['abc', '12', '77 ABC 45 67', '77 123 45 67 ext 2', '+221 77 123 45 67 12 34 56 78 90 11'])('refuses %s', (typed) => {
    expect(looksLikePhone(typed)).toBe(false)
  })
})
