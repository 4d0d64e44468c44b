// The one phone formatter of the shop, and the storefront's phone rule.
// The server keeps phones in E.164 (`+221771234567`) and reads them with
// libphonenumber (bitik_common::Phone): Senegal by default, another country in
// international form. Forms check a Senegalese number against the same plan, so
// that a wrong one is said when the field is left, not at the last tap; another
// country's is only checked for its length (its plan is the server's to know).
import { refine } from 'zod/mini'
import { NBSP } from './typography'

/** The server's message for a phone that is not one, word for word. */
export const PHONE_INVALID = 'Veuillez entrer un numéro de téléphone valide'

const SENEGAL_E164 = /^\+221(\d{2})(\d{3})(\d{2})(\d{2})$/

/**
 * `+221771234567` → `77 123 45 67` to be typed in a field: plain spaces, which
 * the server reads. Another country's number stays in its international form
 * (`+33612345678`), how it is dialled from Senegal; a phone stored before E.164
 * that could not be read stays as it was typed.
 */
export function editablePhone(phone: string | null | undefined): string {
  const value = (phone ?? '').trim()
  const senegal = SENEGAL_E164.exec(value)
  return senegal ? senegal.slice(1).join(' ') : value
}

/** The same to be read: no-break spaces, so a number never breaks across two lines. */
export function formatPhone(phone: string | null | undefined): string {
  return editablePhone(phone).replaceAll(' ', NBSP)
}

/**
 * Senegal's numbering plan as libphonenumber's metadata has it (the server's
 * phonenumber crate): 9 digits, fixed lines (33 8x…, 30 1x…), mobiles (70, 71,
 * 75-78, 721, 790), toll-free, shared-cost, premium and VoIP ranges.
 */
const SENEGAL_NUMBER =
  /^(?:3(?:0(?:1[0-2]|80)|282|3(?:8[1-9]|9[3-9])|611)\d{5}|7(?:[015-8]\d|21|90)\d{6}|800\d{6}|88[4689]\d{6}|81[02468]\d{6}|(?:3(?:392|9[01]\d)\d|93(?:3[13]0|929))\d{4})$/

/**
 * A phone as the server reads it: digits with the spaces, dots, dashes,
 * parentheses and `+` people type (30 characters at most); without a country
 * code, or with +221/00221, a number of Senegal's plan; another country's in
 * international form, 8 to 15 digits.
 */
export function isPhone(value: string): boolean {
  // As the server reads it: the no-break spaces of a number copied from a French page are spaces.
  const typed = value.trim().replace(/[\u00a0\u202f]/g, ' ')
  if (typed.length > 30 || !/^[\d .()+-]+$/.test(typed)) return false
  let digits = typed.replace(/\D/g, '')
  const international = /^\(?\+/.test(typed) || digits.startsWith('00')
  if (international) digits = digits.replace(/^00/, '')
  if (digits.startsWith('221') && (international || digits.length === 12)) digits = digits.slice(3)
  else if (international) return digits.length >= 8 && digits.length <= 15
  return SENEGAL_NUMBER.test(digits)
}

/** A form's phone field: blank is for `required` to judge, anything else must be a phone. */
export const phoneShape = refine<string>((value) => value.trim() === '' || isPhone(value), PHONE_INVALID)
