// The admin area's layout: sidebar and content (in the admin chunk, see admin-area.tsx).
import { Suspense } from 'react'
import { Link, NavLink, Outlet } from 'react-router'
import { PageSpinner } from '@/components/ui/spinner'
import { useSession } from '@/features/auth/session-store'
import { PERMISSIONS, PermissionsContext, type PermissionCode } from '@/lib/permissions'
import styles from './admin-layout.module.css'

/**
 * Every member's own two-step login (admin-area.tsx's `two-factor`). The login's landing names it
 * too (`features/auth/redirect.ts`): imported from there, the login's modules would be grouped
 * with the admin area's and pulled into /checkout's first load (npm run size).
 */
export const TWO_FACTOR_PATH = '/admin/two-factor'

/**
 * The sidebar: each screen with the permission it needs; a role sees its own work only. A screen
 * needing none (the member's own two-step login) is every member's.
 */
export const LINKS: readonly { label: string; to: string; needs?: PermissionCode }[] = [
  { label: 'Tableau de bord', to: '/admin/dashboard', needs: PERMISSIONS.readFigures },
  { label: 'Commandes', to: '/admin/orders', needs: PERMISSIONS.handleOrders },
  { label: 'Caisse', to: '/admin/cash', needs: PERMISSIONS.handleMoney },
  { label: 'Produits', to: '/admin/products', needs: PERMISSIONS.adjustStock },
  { label: 'Utilisateurs', to: '/admin/users', needs: PERMISSIONS.manageCustomers },
  { label: 'Livraison', to: '/admin/delivery', needs: PERMISSIONS.manageShop },
  { label: 'Codes promo', to: '/admin/promo-codes', needs: PERMISSIONS.managePromoCodes },
  { label: 'Messages', to: '/admin/messages', needs: PERMISSIONS.handleOrders },
  { label: 'Conversations', to: '/admin/conversations', needs: PERMISSIONS.handleOrders },
  { label: 'Journal', to: '/admin/journal', needs: PERMISSIONS.manageStaff },
  { label: 'Connexion en deux étapes', to: TWO_FACTOR_PATH },
]

/** The screens `permissions` opens, in the sidebar's order. */
export const linksFor = (permissions: readonly string[]) =>
  LINKS.filter((link) => link.needs === undefined || permissions.includes(link.needs))

/** The role's work among them: where the bare /admin opens. */
export const workFor = (permissions: readonly string[]) => linksFor(permissions).filter((link) => link.needs !== undefined)

export default function AdminLayout() {
  // No page meta here: each screen names itself (« Commandes – Administration »), and a
  // layout's effect runs after its page's, so a title set here would overwrite the page's.
  const { user } = useSession()
  const permissions = user?.permissions ?? []
  return (
    <PermissionsContext value={permissions}>
      <div className={styles.shell}>
        <aside className={styles.sidebar}>
          <h2 className={styles.title}>Administration</h2>
          {user ? <p className={styles.user}>{user.firstName} {user.lastName}</p> : null}
          <nav aria-label="Administration">
            <ul className={styles.links}>
              {linksFor(permissions).map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <Link to="/" className={styles.back}>← Retour à la boutique</Link>
        </aside>
        <main id="main" className={styles.content}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </PermissionsContext>
  )
}
