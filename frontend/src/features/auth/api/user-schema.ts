// The user as the API shows it (GET /auth/me, login, register, profile): the
// one zod schema of a user in the storefront.
import { boolean, enum as zEnum, int, nullish, object, string, union, type infer as Infer } from 'zod/mini'

export const userSchema = object({
  id: union([string(), int()]),
  firstName: string(),
  lastName: string(),
  email: string(),
  phone: nullish(string()),
  address: nullish(string()),
  city: nullish(string()),
  zipCode: nullish(string()),
  country: nullish(string()),
  role: zEnum(['customer', 'admin']),
  active: boolean(),
  createdAt: string(),
})

export type User = Infer<typeof userSchema>

/** `{token, user}`: what login, registration and a password change answer. */
export const sessionSchema = object({ token: string(), user: userSchema })

export type SessionPayload = Infer<typeof sessionSchema>
