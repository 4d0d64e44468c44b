import { describe, expect, it } from 'vitest'
import { editablePhone, formatPhone, isPhone } from './phone'
import { NBSP } from './typography'

describe('formatPhone and editablePhone', () => {
  it.each([
    ['+221771234567', '77 123 45 67'],
    ['+221338212345', '33 821 23 45'],
    ['+221701234567', '70 123 45 67'],
  ])('shows the Senegalese %s as %s, never broken across lines', (stored, shown) => {
    expect(formatPhone(stored)).toBe(shown.replaceAll(' ', NBSP))
    // In a field, plain spaces: the ones the server reads.
    expect(editablePhone(stored)).toBe(shown)
  })

  it("keeps another country's number in international form and an old unread phone as typed", () => {
    expect(formatPhone('+33612345678')).toBe('+33612345678')
    expect(editablePhone('appeler Awa')).toBe('appeler Awa')
    expect(editablePhone(' 77 123 45 67 ')).toBe('77 123 45 67')
  })

  it('shows nothing for no phone', () => {
    expect(formatPhone(null)).toBe('')
    expect(formatPhone(undefined)).toBe('')
    expect(editablePhone('')).toBe('')
  })
})

describe('isPhone: the server’s rule (libphonenumber, Senegal by default)', () => {
  it.each([
    '77 123 45 67',
    '70 123 45 67',
    '75 123 45 67',
    '76 123 45 67',
    '78 123 45 67',
    '33 821 23 45',
    '+221 77 123 45 67',
    '77.123.45.67',
    '00221 77-123-45-67',
    '(+221) 771234567',
    '221771234567',
    '+33 6 12 34 56 78',
    '0033 6 12 34 56 78',
    '+1 (202) 555-0143',
    // Copied from a French page, with its no-break spaces.
    '77\u00a0123\u00a045\u00a067',
    '+221\u202f77\u202f123\u202f45\u202f67',
  ])('takes %s', (typed) => {
    expect(isPhone(typed)).toBe(true)
  })

  it.each([
    ['abc', 'letters'],
    ['12', 'too short'],
    ['77 123 45 6', '8 digits'],
    ['77 123 45 678', '10 digits'],
    ['0771234567', 'a trunk 0 Senegal does not use'],
    ['06 12 34 56 78', 'a French number without its country code'],
    ['+221 12 345 67 89', 'no such range in Senegal'],
    ['+221 77 123 45 6', '8 digits after +221'],
    ['77 ABC 45 67', 'letters'],
    ['77 123 45 67 ext 2', 'an extension'],
    ['+221 77 123 45 67 12 34 56 78 90 11', 'too long'],
  ])('refuses %s (%s)', (typed) => {
    expect(isPhone(typed)).toBe(false)
  })
})
