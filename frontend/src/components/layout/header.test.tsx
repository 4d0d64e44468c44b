import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { HEADER_ICONS } from '@/config/first-paint'
import { renderWithProviders } from '@/testing/render'
import { Header, type HeaderProps } from './header'

function setup(props: Partial<HeaderProps> = {}, route = '/') {
  const onLogout = vi.fn()
  const result = renderWithProviders(<Header user={null} cartCount={0} onLogout={onLogout} {...props} />, { route })
  return { onLogout, ...result }
}

const location = () => screen.getByTestId('location').textContent
const searchBox = () => screen.getByRole('searchbox', { name: 'Rechercher des produits' })

describe('header search', () => {
  it('sends the text to /products?search=…', async () => {
    setup()
    await userEvent.type(searchBox(), 'chaîne dorée{Enter}')
    expect(location()).toBe('/products?search=cha%C3%AEne%20dor%C3%A9e')
  })

  it('trims the text and also submits with the search button', async () => {
    setup()
    await userEvent.type(searchBox(), '  pull  ')
    await userEvent.click(screen.getByRole('button', { name: 'Lancer la recherche' }))
    expect(location()).toBe('/products?search=pull')
  })

  it('ignores blank text', async () => {
    setup({}, '/products')
    await userEvent.type(searchBox(), '   {Enter}')
    expect(location()).toBe('/products')
    await userEvent.click(screen.getByRole('button', { name: 'Lancer la recherche' }))
    expect(location()).toBe('/products')
  })

  it('on mobile, the search icon opens and closes the search bar', async () => {
    setup()
    const toggle = screen.getByRole('button', { name: 'Ouvrir la recherche' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await userEvent.click(toggle)
    expect(screen.getByRole('button', { name: 'Fermer la recherche' })).toHaveAttribute('aria-expanded', 'true')
    expect(searchBox()).toHaveFocus()
  })
})

describe('header navigation', () => {
  it('works from the keyboard: Enter opens a dropdown, Escape closes it and gives the focus back to its button', async () => {
    const user = userEvent.setup()
    setup()
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' })
    const clothes = within(nav).getByRole('button', { name: 'Vêtements' })
    clothes.focus()
    await user.keyboard('{Enter}')
    expect(clothes).toHaveAttribute('aria-expanded', 'true')
    await user.tab()
    expect(within(nav).getByRole('link', { name: 'Tous les vêtements' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(clothes).toHaveAttribute('aria-expanded', 'false')
    expect(within(nav).queryByRole('link', { name: 'T-shirts' })).not.toBeInTheDocument()
    expect(clothes).toHaveFocus()
  })

  it('closes a dropdown when the keyboard focus moves past it', async () => {
    const user = userEvent.setup()
    setup()
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' })
    const clothes = within(nav).getByRole('button', { name: 'Vêtements' })
    clothes.focus()
    await user.keyboard('{Enter}')
    await user.tab() // Tous les vêtements
    await user.tab() // T-shirts
    await user.tab() // Pulls
    await user.tab() // out of the dropdown: the next dropdown's button
    expect(within(nav).getByRole('button', { name: 'Accessoires' })).toHaveFocus()
    expect(clothes).toHaveAttribute('aria-expanded', 'false')
  })

  it('has the Vêtements and Accessoires dropdowns with their subcategories', async () => {
    setup()
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' })
    await userEvent.click(within(nav).getByRole('button', { name: 'Vêtements' }))
    expect(within(nav).getByRole('link', { name: 'T-shirts' })).toHaveAttribute('href', '/category/vetement/t-shirt')
    expect(within(nav).getByRole('link', { name: 'Pulls' })).toHaveAttribute('href', '/category/vetement/pull')
    await userEvent.click(within(nav).getByRole('button', { name: 'Accessoires' }))
    expect(within(nav).getByRole('link', { name: 'Lunettes' })).toHaveAttribute('href', '/category/accessoire/lunette')
    expect(within(nav).getByRole('link', { name: 'Chaînes' })).toHaveAttribute('href', '/category/accessoire/chaine')
    // Only one dropdown open at a time.
    expect(within(nav).queryByRole('link', { name: 'T-shirts' })).not.toBeInTheDocument()
  })

  it('closes menus when the route changes', async () => {
    setup()
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' })
    await userEvent.click(within(nav).getByRole('button', { name: 'Vêtements' }))
    await userEvent.click(within(nav).getByRole('link', { name: 'Pulls' }))
    expect(location()).toBe('/category/vetement/pull')
    expect(within(nav).getByRole('button', { name: 'Vêtements' })).toHaveAttribute('aria-expanded', 'false')
  })

  it('opens the burger menu as a drawer that closes on navigation', async () => {
    setup()
    await userEvent.click(screen.getByRole('button', { name: 'Ouvrir le menu' }))
    const drawer = screen.getByRole('dialog', { name: 'Menu' })
    await userEvent.click(within(drawer).getByRole('link', { name: 'Lunettes' }))
    expect(location()).toBe('/category/accessoire/lunette')
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument()
  })

  it('takes the scrolled look after 50 px', () => {
    setup()
    const header = screen.getByRole('banner')
    expect(header).not.toHaveClass('scrolled')
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 51, configurable: true })
      fireEvent.scroll(window)
    })
    expect(header).toHaveClass('scrolled')
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 0, configurable: true })
      fireEvent.scroll(window)
    })
    expect(header).not.toHaveClass('scrolled')
  })
})

describe('header cart and account', () => {
  it('opens the cart drawer from the cart link, which still goes to /cart without a handler or with a modifier key', async () => {
    const onCartOpen = vi.fn()
    setup({ cartCount: 1, onCartOpen })
    const cart = screen.getByRole('link', { name: 'Panier, 1 article' })
    expect(cart).toHaveAttribute('href', '/cart')
    expect(cart).toHaveAttribute('aria-haspopup', 'dialog')
    expect(cart).toHaveAttribute('aria-expanded', 'false')
    await userEvent.click(cart)
    expect(onCartOpen).toHaveBeenCalledTimes(1)
    expect(location()).toBe('/')
    fireEvent.click(cart, { ctrlKey: true })
    expect(onCartOpen).toHaveBeenCalledTimes(1)
  })

  it('is a plain link to /cart when there is no drawer to open', async () => {
    setup({ cartCount: 0 })
    const cart = screen.getByRole('link', { name: 'Panier' })
    expect(cart).not.toHaveAttribute('aria-haspopup')
    await userEvent.click(cart)
    expect(location()).toBe('/cart')
  })

  it('shows the cart count in a badge', () => {
    setup({ cartCount: 3 })
    const cart = screen.getByRole('link', { name: 'Panier, 3 articles' })
    expect(within(cart).getByText('3')).toBeVisible()
  })

  it('shows Connexion to /login when logged out', () => {
    setup()
    expect(screen.getByRole('link', { name: 'Connexion' })).toHaveAttribute('href', '/login')
  })

  it('names an account opened by a code, which has no name yet, by its phone', async () => {
    setup({ user: { firstName: '', lastName: '', role: 'customer', loginPhone: '+221774123098' } })
    const menu = screen.getByRole('button', { name: /^Compte de 77\s412\s30\s98$/ })
    expect(menu).toHaveTextContent(/^77\s412\s30\s98$/)
  })

  it('shows the account menu without Administration for a customer', async () => {
    setup({ user: { firstName: 'Awa', lastName: 'Diop', role: 'customer' } })
    await userEvent.click(screen.getByRole('button', { name: 'Compte de Awa' }))
    expect(screen.getByRole('link', { name: 'Mon compte' })).toHaveAttribute('href', '/account')
    expect(screen.getByRole('link', { name: 'Mes commandes' })).toHaveAttribute('href', '/orders')
    expect(screen.queryByRole('link', { name: 'Administration' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Connexion' })).not.toBeInTheDocument()
  })

  it('shows Administration to an admin', async () => {
    setup({ user: { firstName: 'Moussa', lastName: 'Ndiaye', role: 'admin' } })
    await userEvent.click(screen.getByRole('button', { name: 'Compte de Moussa' }))
    expect(screen.getByRole('link', { name: 'Administration' })).toHaveAttribute('href', '/admin')
  })

  it('asks before logging out, then logs out and goes home', async () => {
    const { onLogout } = setup({ user: { firstName: 'Awa', lastName: 'Diop', role: 'customer' } }, '/products')
    await userEvent.click(screen.getByRole('button', { name: 'Compte de Awa' }))
    await userEvent.click(screen.getByRole('button', { name: 'Déconnexion' }))
    const dialog = screen.getByRole('dialog', { name: 'Déconnexion' })
    expect(within(dialog).getByText('Êtes-vous sûr de vouloir vous déconnecter ?')).toBeVisible()

    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }))
    expect(onLogout).not.toHaveBeenCalled()
    expect(location()).toBe('/products')

    await userEvent.click(screen.getByRole('button', { name: 'Compte de Awa' }))
    await userEvent.click(screen.getByRole('button', { name: 'Déconnexion' }))
    await userEvent.click(screen.getByRole('button', { name: 'Confirmer' }))
    expect(onLogout).toHaveBeenCalledTimes(1)
    // The navigation renders after the confirmation's promise settles.
    await waitFor(() => expect(location()).toBe('/'))
  })

  it('draws its controls with the icons the server paints, each named for the painted tap React replays', () => {
    renderWithProviders(<Header user={null} cartCount={0} onCartOpen={() => {}} onLogout={() => {}} />)
    const drawn = (tap: string) =>
      Array.from(document.querySelectorAll(`[data-tap-target="${tap}"] svg path`), (path) => path.getAttribute('d'))
    expect(drawn('menu')).toEqual(HEADER_ICONS.menu)
    expect(drawn('search')).toEqual(HEADER_ICONS.search)
    expect(drawn('cart')).toEqual(HEADER_ICONS.cart)
    expect(drawn('account')).toEqual(HEADER_ICONS.account)
  })
})
