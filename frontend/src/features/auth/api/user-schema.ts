// The user as the API shows it (GET /auth/me, login, register, profile): the
// one zod schema of a user in the storefront.
import { int, object, string, union, type infer as Infer } from 'zod/mini'
import { accountShape } from '@/lib/account-shape'

export const userSchema = object({
  id: union([string(), int()]),
  ...accountShape,
})

export type User = Infer<typeof userSchema>

/** `{token, user}`: what login, registration and a password change answer. */
export const sessionSchema = object({ token: string(), user: userSchema })

export type SessionPayload = Infer<typeof sessionSchema>
