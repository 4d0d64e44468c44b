// An account as the admin sees it (GET /api/admin/users…).
import { boolean, enum as zEnum, nullish, object, string, type infer as Infer } from 'zod/mini'

export const ROLES = ['customer', 'admin'] as const
export type Role = (typeof ROLES)[number]

/** The role labels (docs/rules.md#accounts). */
export const ROLE_LABELS: Record<Role, string> = { admin: 'Administrateur', customer: 'Client' }

export const adminUserSchema = object({
  id: string(),
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
  /** Set when the user asked for a new password on /forgot-password; cleared once reset. */
  passwordResetRequestedAt: nullish(string()),
})

export type AdminUser = Infer<typeof adminUserSchema>

export const adminUserKeys = {
  all: ['admin', 'users'] as const,
  list: (query: object) => ['admin', 'users', 'list', query] as const,
  detail: (id: string) => ['admin', 'users', 'detail', id] as const,
}
