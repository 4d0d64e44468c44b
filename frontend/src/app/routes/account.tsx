import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { LOGOUT_CONFIRM } from '@/components/layout/header'
import { useConfirm } from '@/components/ui/confirm'
import { AddressBook } from '@/features/account/components/address-book'
import { DefaultAddress } from '@/features/account/components/default-address'
import { PasswordForm } from '@/features/auth/components/password-form'
import { ProfileForm } from '@/features/auth/components/profile-form'
import { logout, useSession } from '@/features/auth/session-store'
import { OrderHistory } from '@/features/orders/components/order-history'
import { PayWithWave } from '@/features/payments/components/pay-with-wave'
import { accountName } from '@/lib/account-shape'
import { usePageMeta } from '@/lib/seo'
import styles from './account.module.css'

export const ACCOUNT_TABS = [
  { id: 'profile', label: 'Profil' },
  { id: 'orders', label: 'Mes commandes' },
  { id: 'addresses', label: 'Adresses' },
  { id: 'password', label: 'Mot de passe' },
] as const

export type AccountTab = (typeof ACCOUNT_TABS)[number]['id']

export function accountTabOf(value: string | null): AccountTab {
  return ACCOUNT_TABS.find((tab) => tab.id === value)?.id ?? 'profile'
}

/**
 * /account (behind RequireAuth). The tab is in the address (/account?tab=orders)
 * so each can be linked and the back button works; Déconnexion asks first.
 */
export default function AccountRoute() {
  const { user } = useSession()
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  const confirm = useConfirm()
  const queryClient = useQueryClient()
  const tab = accountTabOf(searchParams.get('tab'))
  const current = ACCOUNT_TABS.find((t) => t.id === tab)!
  usePageMeta({ title: tab === 'profile' ? 'Mon compte' : `${current.label} – Mon compte`, canonicalPath: '/account', noindex: true })

  // RequireAuth renders this page only with a user; this keeps TypeScript (and a race on logout) honest.
  if (!user) return null

  async function onLogout() {
    if (!(await confirm(LOGOUT_CONFIRM))) return
    void navigate('/')
    void logout()
    queryClient.clear()
  }

  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1)
  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.head}>
        <h1 className={styles.title}>Mon compte</h1>
        <p className={styles.hello}>Bonjour {user.firstName ? `${user.firstName} ${user.lastName}` : accountName(user)}</p>
      </header>
      <div className={styles.layout}>
        <nav className={styles.tabs} aria-label="Mon compte">
          <ul className={styles.tabList}>
            {ACCOUNT_TABS.map((t) => (
              <li key={t.id}>
                <Link
                  to={t.id === 'profile' ? '/account' : `/account?tab=${t.id}`}
                  className={styles.tab}
                  aria-current={t.id === tab ? 'page' : undefined}
                >
                  {t.label}
                </Link>
              </li>
            ))}
            <li>
              <button type="button" className={`${styles.tab} ${styles.logout}`} onClick={() => void onLogout()}>
                Déconnexion
              </button>
            </li>
          </ul>
        </nav>
        <div className={styles.panel}>
          {tab === 'profile' ? (
            <>
              <ProfileForm key={String(user.id)} user={user} />
              {/* Where parcels go is the address book's: its default address is the profile's. */}
              <DefaultAddress defaults={{ firstName: user.firstName, lastName: user.lastName, phone: user.phone ?? '' }} />
            </>
          ) : null}
          {tab === 'orders' ? (
            <OrderHistory
              page={page}
              hrefFor={(n) => (n > 1 ? `/account?tab=orders&page=${n}` : '/account?tab=orders')}
              payAction={(order) => <PayWithWave order={order} compact />}
            />
          ) : null}
          {tab === 'addresses' ? (
            <AddressBook
              defaults={{ firstName: user.firstName, lastName: user.lastName, phone: user.phone ?? '' }}
            />
          ) : null}
          {tab === 'password' ? <PasswordForm email={user.email ?? user.loginPhone ?? ''} /> : null}
        </div>
      </div>
    </div>
  )
}
