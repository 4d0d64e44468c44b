// The fields of an account as the API answers them, shared by the storefront's user
// (features/auth/api/user-schema.ts) and the back office's (features/admin/users/api/user-schema.ts).
import { boolean, enum as zEnum, nullish, string } from 'zod/mini'

export const ROLES = ['customer', 'admin'] as const
export type Role = (typeof ROLES)[number]

export const accountShape = {
  firstName: string(),
  lastName: string(),
  email: string(),
  phone: nullish(string()),
  address: nullish(string()),
  city: nullish(string()),
  zipCode: nullish(string()),
  country: nullish(string()),
  role: zEnum(ROLES),
  active: boolean(),
  createdAt: string(),
}
