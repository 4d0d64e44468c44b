// The one phone formatter of the shop, and the shape a phone is typed in.
// The server keeps phones in E.164 (`+221771234567`) and alone decides that a
// number exists (libphonenumber); here a phone is shown as it is dialled in
// Senegal, and a form only checks that what was typed looks like a phone.
import { refine } from 'zod/mini'

/** The server's message for a phone that is not one, word for word. */
export const PHONE_INVALID = 'Veuillez entrer un numéro de téléphone valide'

const SENEGAL_E164 = /^\+221(\d{2})(\d{3})(\d{2})(\d{2})$/

/**
 * `+221771234567` → `77 123 45 67`. Another country's number stays in its
 * international form (`+33612345678`), how it is dialled from Senegal; a phone
 * stored before E.164 that could not be read stays as it was typed.
 */
export function formatPhone(phone: string | null | undefined): string {
  const value = (phone ?? '').trim()
  const senegal = SENEGAL_E164.exec(value)
  return senegal ? senegal.slice(1).join(' ') : value
}

/**
 * Digits with the spaces, dots, dashes, parentheses and `+` people type, as
 * the server reads them: 8 to 15 digits, a leading `00` (`00221…`) not counted.
 */
export function looksLikePhone(value: string): boolean {
  const typed = value.trim()
  const digits = typed.replace(/\D/g, '').length - (typed.startsWith('00') ? 2 : 0)
  return typed.length <= 30 && /^[\d .()+-]+$/.test(typed) && digits >= 8 && digits <= 15
}

/** A form's phone field: blank is for `required` to judge, anything else must look like a phone. */
export const phoneShape = refine<string>((value) => value.trim() === '' || looksLikePhone(value), PHONE_INVALID)
