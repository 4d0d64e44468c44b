// One zod schema per identity form, with the shop's French messages
// (docs/rules.md#accounts). The same schema is checked on change, on blur and on submit
// (lib/form), and the server checks the same rules again.
import { maxLength, minLength, object, refine, regex, string, trim, type infer as Infer } from 'zod/mini'
import { ACCOUNT_MESSAGES as MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/config/accounts'
import { EMAIL_PATTERN } from '@/lib/form'
import { phoneShape } from '@/lib/phone'

// The messages of the account forms are shared with the admin's user form (config/accounts).
export { ACCOUNT_MESSAGES as MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/config/accounts'

const tooLong = (max: number) => maxLength(max, `Ce champ ne peut pas dépasser ${max} caractères`)

const required = (message: string, max: number) => string().check(trim(), minLength(1, message), tooLong(max))
const optionalText = (max: number) => string().check(trim(), tooLong(max))

/** A new password: not trimmed (spaces are characters), at least 6 characters. */
const newPassword = (requiredMessage: string, tooShort: string) =>
  string().check(
    minLength(1, requiredMessage),
    minLength(PASSWORD_MIN_LENGTH, tooShort),
    maxLength(PASSWORD_MAX_LENGTH, MESSAGES.passwordTooLong),
  )

/**
 * The confirmation must equal the password. Checked even when other fields are
 * still wrong (zod skips object checks after a field issue unless told), so
 * the message shows as soon as the two differ.
 */
function confirmationMatches<K extends string, C extends string>(passwordKey: K, confirmKey: C) {
  return refine<Record<K | C, string>>((values) => !values[confirmKey] || values[confirmKey] === values[passwordKey], {
    message: MESSAGES.passwordsDiffer,
    path: [confirmKey],
    when: (payload) => {
      const value = payload.value as Record<string, unknown> | undefined
      return typeof value?.[passwordKey] === 'string' && typeof value?.[confirmKey] === 'string'
    },
  })
}

export const loginSchema = object({
  email: string().check(trim(), minLength(1, MESSAGES.emailRequired)),
  password: string().check(minLength(1, MESSAGES.passwordRequired)),
})

export const registerSchema = object({
  firstName: required(MESSAGES.firstNameRequired, 100),
  lastName: required(MESSAGES.lastNameRequired, 100),
  email: string().check(trim(), minLength(1, MESSAGES.emailRequired), regex(EMAIL_PATTERN, MESSAGES.emailInvalid), maxLength(254, MESSAGES.emailInvalid)),
  phone: required(MESSAGES.phoneRequired, 30).check(phoneShape),
  password: newPassword(MESSAGES.passwordRequired, MESSAGES.passwordTooShort),
  confirmPassword: string().check(minLength(1, MESSAGES.confirmRequired)),
}).check(confirmationMatches('password', 'confirmPassword'))

export type RegisterValues = Infer<typeof registerSchema>

export const profileSchema = object({
  firstName: required(MESSAGES.firstNameRequired, 100),
  lastName: required(MESSAGES.lastNameRequired, 100),
  phone: optionalText(30).check(phoneShape),
})

export const passwordChangeSchema = object({
  currentPassword: string().check(minLength(1, MESSAGES.currentPasswordRequired)),
  newPassword: newPassword(MESSAGES.newPasswordRequired, MESSAGES.newPasswordTooShort),
  confirmPassword: string().check(minLength(1, MESSAGES.confirmRequired)),
}).check(confirmationMatches('newPassword', 'confirmPassword'))

export const resetPasswordSchema = object({
  password: newPassword(MESSAGES.passwordRequired, MESSAGES.passwordTooShort),
  confirmPassword: string().check(minLength(1, MESSAGES.confirmRequired)),
}).check(confirmationMatches('password', 'confirmPassword'))

/** /forgot-password: blank after trimming, then a simple address shape. */
export const FORGOT_PASSWORD_MESSAGES = {
  emailRequired: 'Veuillez saisir votre adresse email',
  emailInvalid: 'Veuillez saisir une adresse email valide',
} as const

export const forgotPasswordSchema = object({
  email: string().check(
    trim(),
    minLength(1, FORGOT_PASSWORD_MESSAGES.emailRequired),
    regex(EMAIL_PATTERN, FORGOT_PASSWORD_MESSAGES.emailInvalid),
    maxLength(254, FORGOT_PASSWORD_MESSAGES.emailInvalid),
  ),
})

/** Login by code, first step: the phone the code goes to (WhatsApp). */
export const codePhoneSchema = object({ phone: required(MESSAGES.phoneRequired, 30).check(phoneShape) })

export const LOGIN_CODE_REQUIRED = 'Saisissez les 6 chiffres du code reçu.'

/** Login by code, second step: the code as received, pasted or typed (the server reads its six digits). */
export const loginCodeSchema = object({ code: required(LOGIN_CODE_REQUIRED, 20) })
