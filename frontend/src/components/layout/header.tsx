import { useEffect, useRef, useState } from 'react'
import { Link, NavLink, useLocation, useNavigate } from 'react-router'
import { useConfirm } from '@/components/ui/confirm'
import { Drawer } from '@/components/ui/drawer'
import { CartIcon, CloseIcon, MenuIcon, SearchIcon, UserIcon } from '@/components/ui/icons'
import { CATEGORIES, categoryPath, subcategoryPath } from '@/config/catalog'
import { shop } from '@/lib/shop'
import styles from './header.module.css'
import { NavDropdown, type NavGroup } from './nav-dropdown'
import { SearchForm } from './search-form'
import { UserMenu, accountLinks, type HeaderUser } from './user-menu'

export const SCROLL_THRESHOLD_PX = 50

export const LOGOUT_CONFIRM = {
  title: 'Déconnexion',
  text: 'Êtes-vous sûr de vouloir vous déconnecter ?',
}

const NAV_GROUPS: NavGroup[] = CATEGORIES.map((category) => ({
  id: category.slug,
  label: category.label,
  links: [
    { label: category.slug === 'vetement' ? 'Tous les vêtements' : 'Tous les accessoires', to: categoryPath(category.slug) },
    ...category.subcategories.map((sub) => ({ label: sub.label, to: subcategoryPath(category.slug, sub.slug) })),
  ],
}))

const EXTRA_LINKS = [
  { label: 'Nouveautés', to: '/products?new=true' },
  { label: 'Promotions', to: '/products?promotion=true' },
]

export interface HeaderProps {
  user: HeaderUser | null
  /** The stored session is being checked: neither Connexion nor the menu yet. */
  sessionLoading?: boolean
  cartCount: number
  /**
   * Opens the cart drawer instead of following the cart link (which stays a
   * real link to /cart: a new tab, a modified click or no handler go there).
   */
  onCartOpen?: () => void
  /** The drawer opened by the cart icon is open. */
  cartOpen?: boolean
  /** Clears the session; the header has already asked for confirmation and then goes to /. */
  onLogout: () => void
}

function cartLabel(count: number) {
  if (count === 0) return 'Panier'
  // The badge's figure is in the name as it shows (WCAG's « label in name »), hence no brackets.
  if (count > 99) return 'Panier, plus de 99 articles'
  return `Panier, ${count} article${count > 1 ? 's' : ''}`
}

export function Header({ user, sessionLoading = false, cartCount, onCartOpen, cartOpen = false, onLogout }: HeaderProps) {
  const location = useLocation()
  const navigate = useNavigate()
  const confirm = useConfirm()
  const [scrolled, setScrolled] = useState(false)
  const [openMenu, setOpenMenu] = useState<string | null>(null) // a nav group id or 'user'
  const [mobileOpen, setMobileOpen] = useState(false)
  const [searchOpen, setSearchOpen] = useState(false)
  const searchInputRef = useRef<HTMLInputElement>(null)

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_THRESHOLD_PX)
    onScroll()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])

  // Every menu closes on every route change.
  useEffect(() => {
    setOpenMenu(null)
    setMobileOpen(false)
    setSearchOpen(false)
  }, [location.key, location.pathname, location.search])

  // A dropdown closes on a click elsewhere, when the keyboard's focus leaves it, or on Escape,
  // which gives the focus back to its button rather than to the page's start.
  useEffect(() => {
    if (!openMenu) return
    const outside = (target: EventTarget | null) => !(target instanceof Element && target.closest('[data-menu]'))
    const onPointerDown = (event: PointerEvent) => {
      if (outside(event.target)) setOpenMenu(null)
    }
    // Focus on another menu's button leaves this one too.
    const onFocusIn = (event: FocusEvent) => {
      const menu = event.target instanceof Element ? event.target.closest('[data-menu]') : null
      if (!menu?.querySelector('[aria-expanded="true"]')) setOpenMenu(null)
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      const menu = document.activeElement?.closest('[data-menu]')
      setOpenMenu(null)
      menu?.querySelector<HTMLElement>('[aria-expanded]')?.focus()
    }
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('focusin', onFocusIn)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('focusin', onFocusIn)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [openMenu])

  useEffect(() => {
    if (searchOpen) searchInputRef.current?.focus()
  }, [searchOpen])

  async function logout() {
    setOpenMenu(null)
    setMobileOpen(false)
    if (await confirm(LOGOUT_CONFIRM)) {
      onLogout()
      navigate('/')
    }
  }

  const toggle = (id: string) => (open: boolean) => setOpenMenu(open ? id : null)
  // After logging in, the shopper comes back to the page they were on (on the
  // login page itself, the page they came from before it is kept).
  const onAuthPage = location.pathname === '/login' || location.pathname === '/register'
  const loginState = onAuthPage ? location.state : { from: location.pathname + location.search }

  return (
    <header className={`${styles.header} ${scrolled ? `scrolled ${styles.scrolled}` : ''}`}>
      <div className={`container ${styles.bar}`}>
        <button
          type="button"
          className={`${styles.iconButton} ${styles.mobileOnly}`}
          aria-label="Ouvrir le menu"
          aria-expanded={mobileOpen}
          data-tap-target="menu"
          onClick={() => setMobileOpen(true)}
        >
          <MenuIcon />
        </button>

        <Link to="/" className={styles.logo} aria-label={`${shop.name} — accueil`}>
          {shop.name}
        </Link>

        <nav className={styles.nav} aria-label="Navigation principale">
          <ul className={styles.navList}>
            {/* No 'Accueil' here: the logo is the way home on desktop. */}
            <li className={styles.navShop}><NavLink to="/products" end className={styles.navLink}>Boutique</NavLink></li>
            {NAV_GROUPS.map((group) => (
              <NavDropdown key={group.id} group={group} open={openMenu === group.id} onToggle={toggle(group.id)} />
            ))}
            {EXTRA_LINKS.map((link) => (
              <li key={link.to} className={styles.navExtra}><Link to={link.to} className={styles.navLink}>{link.label}</Link></li>
            ))}
          </ul>
        </nav>

        <div className={styles.actions}>
          <div id="header-search" className={`${styles.search} ${searchOpen ? styles.searchOpen : ''}`}>
            <SearchForm inputRef={searchInputRef} onSearched={() => setSearchOpen(false)} />
          </div>
          <button
            type="button"
            className={`${styles.iconButton} ${styles.mobileOnly}`}
            aria-label={searchOpen ? 'Fermer la recherche' : 'Ouvrir la recherche'}
            aria-expanded={searchOpen}
            aria-controls="header-search"
            data-tap-target="search"
            onClick={() => setSearchOpen((open) => !open)}
          >
            {searchOpen ? <CloseIcon /> : <SearchIcon />}
          </button>

          <Link
            to="/cart"
            className={styles.iconButton}
            aria-label={cartLabel(cartCount)}
            aria-haspopup={onCartOpen ? 'dialog' : undefined}
            aria-expanded={onCartOpen ? cartOpen : undefined}
            data-tap-target="cart"
            onClick={(event) => {
              if (!onCartOpen || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
              event.preventDefault()
              onCartOpen()
            }}
          >
            <CartIcon />
            {cartCount > 0 ? (
              <span className={styles.badge} aria-hidden="true" data-testid="cart-count">
                {cartCount > 99 ? '99+' : cartCount}
              </span>
            ) : null}
          </Link>

          {user ? (
            <UserMenu user={user} open={openMenu === 'user'} onToggle={toggle('user')} onLogout={logout} />
          ) : sessionLoading ? (
            <span className={styles.iconButton} aria-hidden="true" />
          ) : (
            <Link to="/login" state={loginState} className={`${styles.iconButton} ${styles.login}`} data-tap-target="account">
              <UserIcon className={styles.mobileOnly} />
              <span className={styles.loginText}>Connexion</span>
            </Link>
          )}
        </div>
      </div>

      <Drawer open={mobileOpen} onClose={() => setMobileOpen(false)} title="Menu" side="left">
        <nav aria-label="Navigation mobile">
          <ul className={styles.mobileList}>
            <li><Link to="/">Accueil</Link></li>
            <li><Link to="/products">Tous les produits</Link></li>
            {NAV_GROUPS.map((group) => (
              <li key={group.id}>
                <span className={styles.mobileGroup}>{group.label}</span>
                <ul>
                  {group.links.map((link) => (
                    <li key={link.to}><Link to={link.to}>{link.label}</Link></li>
                  ))}
                </ul>
              </li>
            ))}
            {EXTRA_LINKS.map((link) => (
              <li key={link.to}><Link to={link.to}>{link.label}</Link></li>
            ))}
          </ul>
          <ul className={`${styles.mobileList} ${styles.mobileAccount}`}>
            {user ? (
              <>
                {accountLinks(user).map((link) => (
                  <li key={link.to}><Link to={link.to}>{link.label}</Link></li>
                ))}
                <li><button type="button" onClick={logout}>Déconnexion</button></li>
              </>
            ) : (
              <li><Link to="/login" state={loginState}>Connexion</Link></li>
            )}
          </ul>
        </nav>
      </Drawer>
    </header>
  )
}
