// The admin's user form: the account rules and messages of registration
// (docs/rules.md#accounts), a role, and a password that is required only for a new account.
import { boolean, enum as zEnum, maxLength, minLength, object, refine, regex, string, trim } from 'zod/mini'
import { ACCOUNT_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/config/accounts'
import { EMAIL_PATTERN } from '@/lib/form'
import { phoneShape } from '@/lib/phone'
import { ROLES } from './api/user-schema'

const tooLong = (max: number) => maxLength(max, `Ce champ ne peut pas dépasser ${max} caractères`)
const required = (message: string, max: number) => string().check(trim(), minLength(1, message), tooLong(max))
const optionalText = (max: number) => string().check(trim(), tooLong(max))

/** Not trimmed: spaces are characters of a password. */
const passwordChecks = [
  minLength(PASSWORD_MIN_LENGTH, ACCOUNT_MESSAGES.passwordTooShort),
  maxLength(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.passwordTooLong),
] as const

const account = {
  firstName: required(ACCOUNT_MESSAGES.firstNameRequired, 100),
  lastName: required(ACCOUNT_MESSAGES.lastNameRequired, 100),
  email: string().check(
    trim(),
    minLength(1, ACCOUNT_MESSAGES.emailRequired),
    regex(EMAIL_PATTERN, ACCOUNT_MESSAGES.emailInvalid),
    maxLength(254, ACCOUNT_MESSAGES.emailInvalid),
  ),
  phone: required(ACCOUNT_MESSAGES.phoneRequired, 30).check(phoneShape),
  role: zEnum(ROLES),
  active: boolean(),
}

export const newUserSchema = object({
  ...account,
  password: string().check(minLength(1, ACCOUNT_MESSAGES.passwordRequired), ...passwordChecks),
})

export const editUserSchema = object({
  ...account,
  address: optionalText(300),
  city: optionalText(100),
  zipCode: optionalText(20),
  country: optionalText(100),
  // Empty: the password stays as it is.
  password: string().check(
    refine((value) => value === '' || value.length >= PASSWORD_MIN_LENGTH, ACCOUNT_MESSAGES.passwordTooShort),
    maxLength(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.passwordTooLong),
  ),
})
