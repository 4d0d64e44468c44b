// An account as the admin sees it (GET /api/admin/users…).
import { nullish, object, string, type infer as Infer } from 'zod/mini'
import { accountShape, type Role } from '@/lib/account-shape'

export { ROLES, type Role } from '@/lib/account-shape'

/** The role labels (docs/rules.md#accounts). */
export const ROLE_LABELS: Record<Role, string> = {
  customer: 'Client',
  admin: 'Administrateur',
  manager: 'Gérant',
  seller: 'Vendeur',
  courier: 'Livreur',
}

export const adminUserSchema = object({
  id: string(),
  ...accountShape,
  /** Set when the user asked for a new password on /forgot-password; cleared once reset. */
  passwordResetRequestedAt: nullish(string()),
})

export type AdminUser = Infer<typeof adminUserSchema>

export const adminUserKeys = {
  all: ['admin', 'users'] as const,
  list: (query: object) => ['admin', 'users', 'list', query] as const,
  detail: (id: string) => ['admin', 'users', 'detail', id] as const,
}
