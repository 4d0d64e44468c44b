import { useId } from 'react'
import { Link } from 'react-router'
import { ChevronDownIcon, UserIcon } from '@/components/ui/icons'
import styles from './header.module.css'

export interface HeaderUser {
  firstName: string
  lastName: string
  role: 'customer' | 'admin'
}

/** Account links for a logged-in shopper; Administration only for admins. */
export function accountLinks(user: HeaderUser) {
  return [
    { label: 'Mon compte', to: '/account' },
    { label: 'Mes commandes', to: '/orders' },
    ...(user.role === 'admin' ? [{ label: 'Administration', to: '/admin' }] : []),
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
        aria-label={`Compte de ${user.firstName}`}
        onClick={() => onToggle(!open)}
      >
        <UserIcon />
        <span className={styles.userName}>{user.firstName}</span>
        <ChevronDownIcon size={16} className={styles.desktopOnly} />
      </button>
      <ul id={listId} className={`${styles.dropdownList} ${styles.alignRight}`} hidden={!open}>
        {accountLinks(user).map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={styles.dropdownLink}>{link.label}</Link>
          </li>
        ))}
        <li>
          <button type="button" className={styles.dropdownLink} onClick={onLogout}>Déconnexion</button>
        </li>
      </ul>
    </div>
  )
}
