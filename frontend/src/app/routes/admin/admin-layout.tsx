// The admin area's layout: sidebar and content (in the admin chunk, see admin-area.tsx).
import { Suspense } from 'react'
import { Link, NavLink, Outlet } from 'react-router'
import { PageSpinner } from '@/components/ui/spinner'
import { useSession } from '@/features/auth/session-store'
import styles from './admin-layout.module.css'

const LINKS = [
  { label: 'Tableau de bord', to: '/admin/dashboard' },
  { label: 'Commandes', to: '/admin/orders' },
  { label: 'Caisse', to: '/admin/cash' },
  { label: 'Produits', to: '/admin/products' },
  { label: 'Utilisateurs', to: '/admin/users' },
  { label: 'Livraison', to: '/admin/delivery' },
  { label: 'Codes promo', to: '/admin/promo-codes' },
  { label: 'Messages', to: '/admin/messages' },
]

export default function AdminLayout() {
  // No page meta here: each screen names itself (« Commandes – Administration »), and a
  // layout's effect runs after its page's, so a title set here would overwrite the page's.
  const { user } = useSession()
  return (
    <div className={styles.shell}>
      <aside className={styles.sidebar}>
        <h2 className={styles.title}>Administration</h2>
        {user ? <p className={styles.user}>{user.firstName} {user.lastName}</p> : null}
        <nav aria-label="Administration">
          <ul className={styles.links}>
            {LINKS.map((link) => (
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
  )
}
