import { useId } from 'react'
import { ChevronDownIcon, UserIcon } from '@/components/ui/icons'
import { accountName } from '@/lib/account-shape'
import { isStaff } from '@/lib/permissions'
import styles from './header.module.css'
import { DropdownList } from './nav-dropdown'

export interface HeaderUser {
  firstName: string
  lastName: string
  role: string
  /** An account opened by a code has no name yet: the menu says its phone. */
  loginPhone?: string | null
}

/** Account links for a logged-in shopper; Administration for the shop's team. */
export function accountLinks(user: HeaderUser) {
  return [
    { label: 'Mon compte', to: '/account' },
    { label: 'Mes commandes', to: '/orders' },
    ...(isStaff(user.role) ? [{ label: 'Administration', to: '/admin' }] : []),
  ]
}

interface UserMenuProps {
  user: HeaderUser
  open: boolean
  onToggle: (open: boolean) => void
  onLogout: () => void
}

export function UserMenu({ user, open, onToggle, onLogout }: UserMenuProps) {
  const listId = useId()
  return (
    <div className={styles.userMenu} data-menu>
      <button
        type="button"
        className={styles.iconButton}
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`Compte de ${accountName(user)}`}
        data-tap-target="account"
        onClick={() => onToggle(!open)}
      >
        <UserIcon />
        <span className={styles.userName}>{accountName(user)}</span>
        <ChevronDownIcon size={16} className={styles.desktopOnly} />
      </button>
      <DropdownList id={listId} open={open} links={accountLinks(user)} className={styles.alignRight}>
        <li>
          <button type="button" className={styles.dropdownLink} onClick={onLogout}>Déconnexion</button>
        </li>
      </DropdownList>
    </div>
  )
}
