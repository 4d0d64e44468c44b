// What the signed-in member of the team may do in the back office: the server's answer
// (`permissions` of the user, from bitik_identity's one table), never a copy of its rules. The
// back office hides what a role may not do; the server refuses it anyway (403).
import { createContext, use } from 'react'

/** The codes the API names (docs/roles.md). */
export const PERMISSIONS = {
  readFigures: 'figures.read',
  handleOrders: 'orders.handle',
  deliverOwnOrders: 'deliveries.own',
  handleMoney: 'money.handle',
  manageProducts: 'products.manage',
  adjustStock: 'stock.adjust',
  managePromoCodes: 'promo_codes.manage',
  manageCustomers: 'customers.manage',
  manageShop: 'shop.manage',
  manageStaff: 'staff.manage',
} as const

export type PermissionCode = (typeof PERMISSIONS)[keyof typeof PERMISSIONS]

/** Any role but a customer's is the team's. */
export const isStaff = (role: string | undefined) => role !== undefined && role !== 'customer'

/** The signed-in member's permissions, provided by the admin area's layout. */
export const PermissionsContext = createContext<readonly string[]>([])

export function useCan(): (permission: PermissionCode) => boolean {
  const held = use(PermissionsContext)
  return (permission) => held.includes(permission)
}
