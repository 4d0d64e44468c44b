import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import { mockCartServer, type CatalogueVariant } from '@/testing/cart'
import { renderApp } from '@/testing/render'
import { catalogueMissing, loggedInAs } from '@/testing/users'
import { CHOSEN_COMMUNE_KEY } from '@/lib/chosen-commune'
import { LOCAL_CART_KEY, type LocalCartItem } from '../local-cart'

const tee: LocalCartItem = {
  productId: 'p-tee',
  name: 'T-shirt Teranga',
  slug: 't-shirt-teranga',
  image: '/uploads/products/aaa/800.jpg',
  price: 12500,
  promoPrice: 10000,
  quantity: 1,
  size: 'M',
  color: 'noir',
  stock: 2,
}
const chain: LocalCartItem = {
  productId: 'p-chain',
  name: 'Chaîne Gorée',
  slug: 'chaine-goree',
  image: '/images/placeholder.jpg',
  price: 8000,
  quantity: 2,
  size: 'unique',
  color: 'doré',
  stock: 4,
}

function guestCart(lines: LocalCartItem[]) {
  localStorage.setItem(LOCAL_CART_KEY, JSON.stringify(lines))
}

const cartLink = () => screen.getByRole('link', { name: /^Panier/ })
const badge = () => screen.queryByTestId('cart-count')?.textContent ?? '0'

async function openDrawer(user: ReturnType<typeof userEvent.setup>) {
  // /unauthorized calls no API: only the cart is at work.
  renderApp('/unauthorized')
  await screen.findByText('Cette section est réservée à l’équipe de la boutique.')
  await user.click(cartLink())
  return screen.findByRole('dialog', { name: 'Votre panier' })
}

describe('cart drawer', () => {
  it('opens from the header’s cart icon (a real link to /cart) and shows each line', async () => {
    sessionStore.clear()
    const user = userEvent.setup()
    guestCart([tee, chain])
    renderApp('/unauthorized')
    await screen.findByText('Cette section est réservée à l’équipe de la boutique.')
    expect(cartLink()).toHaveAttribute('href', '/cart')
    expect(cartLink()).toHaveAttribute('aria-expanded', 'false')
    expect(badge()).toBe('3')
    await user.click(cartLink())
    const drawer = await screen.findByRole('dialog', { name: 'Votre panier' })
    expect(cartLink()).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByTestId('location')).toHaveTextContent('/unauthorized')
    // The scroll lock is an effect: it may run just after the dialog first shows.
    await waitFor(() => expect(document.body.style.overflow).toBe('hidden'))

    const [teeLine, chainLine] = within(drawer).getAllByRole('listitem')
    expect(within(teeLine!).getByRole('link', { name: 'T-shirt Teranga' })).toHaveAttribute('href', '/product/t-shirt-teranga')
    expect(teeLine).toHaveTextContent('Taille : M')
    expect(teeLine).toHaveTextContent('Couleur : Noir')
    expect(within(teeLine!).getByText('10 000 FCFA')).toBeVisible()
    expect(within(teeLine!).getByText('12 500 FCFA').tagName).toBe('S')
    // An accessory's size `unique` is not shown.
    expect(chainLine).not.toHaveTextContent('Taille')
    expect(chainLine).toHaveTextContent('Couleur : Doré')
    expect(within(chainLine!).getByText('8 000 FCFA').tagName).not.toBe('S')

    expect(within(drawer).getByTestId('cart-drawer-subtotal')).toHaveTextContent('26 000 FCFA')
    expect(within(drawer).getByRole('link', { name: 'Voir le panier' })).toHaveAttribute('href', '/cart')
    expect(within(drawer).getByRole('link', { name: 'Commander' })).toHaveAttribute('href', '/checkout')
    // No delivery figure in the drawer.
    expect(drawer).not.toHaveTextContent(/5[.,]99/)
  })

  it('bounds − and + by 1 and the stock, and the badge follows', async () => {
    sessionStore.clear()
    const user = userEvent.setup()
    guestCart([tee])
    const drawer = await openDrawer(user)
    const minus = within(drawer).getByRole('button', { name: 'Diminuer la quantité de T-shirt Teranga' })
    const plus = within(drawer).getByRole('button', { name: 'Augmenter la quantité de T-shirt Teranga' })
    const quantity = within(drawer).getByRole('status', { name: 'Quantité de T-shirt Teranga' })
    expect(minus).toBeDisabled()
    await user.click(plus)
    expect(quantity).toHaveTextContent('2')
    expect(plus).toBeDisabled()
    expect(minus).toBeEnabled()
    expect(badge()).toBe('2')
    expect(within(drawer).getByTestId('cart-drawer-subtotal')).toHaveTextContent('20 000 FCFA')
    await user.click(minus)
    expect(quantity).toHaveTextContent('1')
    expect(badge()).toBe('1')
  })

  it('removes lines down to the empty state, whose button leads to /products and closes the drawer', async () => {
    sessionStore.clear()
    const user = userEvent.setup()
    guestCart([tee, chain])
    const drawer = await openDrawer(user)
    await user.click(within(drawer).getByRole('button', { name: 'Retirer Chaîne Gorée du panier' }))
    expect(within(drawer).getAllByRole('listitem')).toHaveLength(1)
    await user.click(within(drawer).getByRole('button', { name: 'Retirer T-shirt Teranga du panier' }))
    expect(within(drawer).getByText('Votre panier est vide')).toBeVisible()
    expect(within(drawer).queryByRole('link', { name: 'Commander' })).not.toBeInTheDocument()
    expect(badge()).toBe('0')
    catalogueMissing()
    await user.click(within(drawer).getByRole('link', { name: 'Découvrir nos produits' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Votre panier' })).not.toBeInTheDocument())
    // The route change waits for the page's chunk (a transition).
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/products'))
  })

  it('closes with Escape and with a click on the overlay, and gives the page its scroll back', async () => {
    sessionStore.clear()
    const user = userEvent.setup()
    const drawer = await openDrawer(user)
    expect(within(drawer).getByText('Votre panier est vide')).toBeVisible()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog', { name: 'Votre panier' })).not.toBeInTheDocument()
    expect(document.body.style.overflow).toBe('')
    expect(cartLink()).toHaveFocus()

    await user.click(cartLink())
    const again = await screen.findByRole('dialog', { name: 'Votre panier' })
    // A click inside the panel keeps it open; a click on the dim area closes it.
    fireEvent.mouseDown(again)
    expect(screen.getByRole('dialog', { name: 'Votre panier' })).toBeVisible()
    fireEvent.mouseDown(again.parentElement!)
    expect(screen.queryByRole('dialog', { name: 'Votre panier' })).not.toBeInTheDocument()
  })

  it('shows a customer’s server cart, with the stock the server gives', async () => {
    const variant: CatalogueVariant = { productId: 'p-tee', name: 'T-shirt Teranga', slug: 't-shirt-teranga', price: 12500, size: 'L', color: 'blanc', stock: 1 }
    loggedInAs()
    const api = mockCartServer([variant], [{ variant, quantity: 1 }])
    const user = userEvent.setup()
    const drawer = await openDrawer(user)
    await within(drawer).findByRole('link', { name: 'T-shirt Teranga' })
    expect(badge()).toBe('1')
    expect(within(drawer).getByRole('button', { name: 'Augmenter la quantité de T-shirt Teranga' })).toBeDisabled()
    await user.click(within(drawer).getByRole('button', { name: 'Retirer T-shirt Teranga du panier' }))
    expect(await within(drawer).findByText('Votre panier est vide')).toBeVisible()
    expect(api.calls).toEqual([{ method: 'DELETE', path: '/api/cart/items/item-1' }])
    sessionStore.clear()
  })

  it('says what delivery costs from the zones: « à partir de » until a commune is chosen, then its fee and delay', async () => {
    sessionStore.clear()
    const user = userEvent.setup()
    guestCart([tee])
    const drawer = await openDrawer(user)
    expect(await within(drawer).findByTestId('delivery-estimate')).toHaveTextContent('Livraison à partir de 1 200 FCFA')
    expect(within(drawer).getByTestId('free-delivery')).toHaveTextContent('Plus que 20 000 FCFA d’achat pour la livraison offerte (dès 30 000 FCFA).')
  })

  it('shows the chosen commune’s zone: its fee, delay and threshold', async () => {
    sessionStore.clear()
    const user = userEvent.setup()
    localStorage.setItem(CHOSEN_COMMUNE_KEY, 'thies')
    guestCart([tee])
    const drawer = await openDrawer(user)
    expect(await within(drawer).findByTestId('delivery-estimate')).toHaveTextContent('Livraison à Thiès (Régions test) : 3 000 FCFA · 3 jours')
    expect(within(drawer).getByTestId('free-delivery')).toHaveTextContent('(dès 40 000 FCFA)')
  })
})
