import { useId, type ReactNode } from 'react'
import { Link } from 'react-router'
import { ChevronDownIcon } from '@/components/ui/icons'
import styles from './header.module.css'

export interface NavGroup {
  id: string
  label: string
  links: { label: string; to: string }[]
}

interface NavDropdownProps {
  group: NavGroup
  open: boolean
  onToggle: (open: boolean) => void
}

/**
 * Disclosure menu: click, tap or Enter toggles it. A mouse also sees it on
 * hover, in CSS only (hover driving state would fight the click toggle).
 */
export function NavDropdown({ group, open, onToggle }: NavDropdownProps) {
  const listId = useId()
  return (
    <li className={styles.dropdown} data-menu>
      <button
        type="button"
        className={styles.navLink}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => onToggle(!open)}
      >
        {group.label}
        <ChevronDownIcon size={16} className={open ? styles.chevronOpen : undefined} />
      </button>
      <DropdownList id={listId} open={open} links={group.links} />
    </li>
  )
}

interface DropdownListProps {
  id: string
  open: boolean
  links: { label: string; to: string }[]
  className?: string
  /** What follows the links (the account menu's Déconnexion). */
  children?: ReactNode
}

/** A header menu's links, hidden while the menu is closed. */
export function DropdownList({ id, open, links, className, children }: DropdownListProps) {
  return (
    <ul id={id} className={className ? `${styles.dropdownList} ${className}` : styles.dropdownList} hidden={!open}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={styles.dropdownLink}>{link.label}</Link>
        </li>
      ))}
      {children}
    </ul>
  )
}
