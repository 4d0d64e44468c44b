// The fields of an account as the API answers them, shared by the storefront's user
// (features/auth/api/user-schema.ts) and the back office's (features/admin/users/api/user-schema.ts).
import { array, boolean, enum as zEnum, nullable, nullish, optional, string } from 'zod/mini'
import { formatPhone } from './phone'

/** A customer, or a member of the shop's team (docs/roles.md). */
export const ROLES = ['customer', 'admin', 'manager', 'seller', 'courier'] as const
export type Role = (typeof ROLES)[number]

export const accountShape = {
  firstName: string(),
  lastName: string(),
  /** `null` for an account opened by a code sent to its phone (`loginPhone`). */
  email: nullable(string()),
  /** The phone the account logs in with by code (E.164): one a code proved. */
  loginPhone: nullish(string()),
  phone: nullish(string()),
  address: nullish(string()),
  city: nullish(string()),
  zipCode: nullish(string()),
  country: nullish(string()),
  role: zEnum(ROLES),
  /** What the role may do in the back office, as the server's one table says (empty for a customer). */
  permissions: optional(array(string())),
  active: boolean(),
  /** Whether logging in asks for a code of an authenticator app after the password. */
  twoFactorEnabled: optional(boolean()),
  /**
   * The role must turn two-step login on before anything else (`STAFF_2FA=required`): the
   * back office sends the person to its set-up, and the server refuses everything else.
   */
  twoFactorSetupRequired: optional(boolean()),
  createdAt: string(),
}

/**
 * How the storefront names an account: its first name, else its phone (an account opened by a
 * code sent on WhatsApp has no name until its first order or its profile gives one).
 */
export function accountName(user: { firstName: string; loginPhone?: string | null }): string {
  return user.firstName.trim() || formatPhone(user.loginPhone) || 'Mon compte'
}
