import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { LINE_LIMIT_MESSAGE } from '@/config/cart'
import { sessionStore } from '@/features/auth/session-store'
import { CHOSEN_COMMUNE_KEY } from '@/lib/chosen-commune'
import { mockCartServer, type CatalogueVariant } from '@/testing/cart'
import { TEST_ZONES, mockDeliveryZones } from '@/testing/delivery'
import { renderApp } from '@/testing/render'
import { loggedInAs } from '@/testing/users'
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
  stock: 3,
}

function guestCart(lines: LocalCartItem[]) {
  localStorage.setItem(LOCAL_CART_KEY, JSON.stringify(lines))
}

beforeEach(() => sessionStore.clear())

describe('/cart', () => {
  it('says « Livraison à partir de » the cheapest zone’s fee, and how far free delivery is, before a commune is chosen', async () => {
    mockDeliveryZones()
    guestCart([tee])
    renderApp('/cart')
    expect(await screen.findByRole('heading', { level: 1, name: /Mon panier/ })).toBeVisible()
    await waitFor(() => expect(document.title).toBe('Mon panier | Bitik Dakar'))
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('10 000 FCFA')
    expect(await screen.findByTestId('delivery-estimate')).toHaveTextContent('Livraison à partir de 1 200 FCFA')
    expect(screen.getByTestId('cart-shipping')).toHaveTextContent('Dès 1 200 FCFA')
    expect(screen.getByTestId('cart-total')).toHaveTextContent('10 000 FCFA')
    expect(screen.getByTestId('free-delivery')).toHaveTextContent('Plus que 20 000 FCFA d’achat pour la livraison offerte (dès 30 000 FCFA).')
    expect(screen.getByRole('link', { name: 'Commander' })).toHaveAttribute('href', '/checkout')
    expect(screen.getByRole('main')).not.toHaveTextContent(/5[.,]99/)
  })

  it('once a commune is chosen, shows its zone’s fee and delay, remembers it, and the zone’s own threshold', async () => {
    const user = userEvent.setup()
    mockDeliveryZones()
    guestCart([tee])
    renderApp('/cart')
    const select = await screen.findByRole('combobox', { name: /Votre commune/ })
    await user.selectOptions(select, 'pikine-est')
    expect(screen.getByTestId('delivery-estimate')).toHaveTextContent('Livraison à Pikine Est (Banlieue test) : 1 800 FCFA · 48 h')
    expect(screen.getByTestId('cart-shipping')).toHaveTextContent('1 800 FCFA')
    expect(screen.getByTestId('cart-total')).toHaveTextContent('11 800 FCFA')
    expect(screen.queryByTestId('free-delivery')).not.toBeInTheDocument()
    expect(localStorage.getItem(CHOSEN_COMMUNE_KEY)).toBe('pikine-est')
    await user.selectOptions(select, 'medina')
    expect(screen.getByTestId('delivery-estimate')).toHaveTextContent('Livraison à Médina (Ville test) : 1 200 FCFA · 24 h')
    expect(screen.getByTestId('free-delivery')).toHaveTextContent('Plus que 20 000 FCFA')
  })

  it('makes standard delivery free once the subtotal reaches the zone’s threshold', async () => {
    const user = userEvent.setup()
    mockDeliveryZones()
    localStorage.setItem(CHOSEN_COMMUNE_KEY, 'yoff')
    guestCart([{ ...tee, quantity: 2 }])
    renderApp('/cart')
    await waitFor(() => expect(screen.getByTestId('cart-shipping')).toHaveTextContent('1 200 FCFA'))
    await user.click(screen.getByRole('button', { name: 'Augmenter la quantité de T-shirt Teranga' }))
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('30 000 FCFA')
    expect(screen.getByTestId('cart-shipping')).toHaveTextContent('Offerte')
    expect(screen.getByTestId('cart-total')).toHaveTextContent('30 000 FCFA')
    expect(screen.getByText('Livraison standard offerte : votre panier atteint 30 000 FCFA.')).toBeVisible()
    // The threshold really is the server's: another answer, another rule.
    expect(TEST_ZONES[0]!.freeFrom).toBe(30000)
  })

  it('bounds a typed quantity by 1 and the stock', async () => {
    const user = userEvent.setup()
    mockDeliveryZones()
    guestCart([tee])
    renderApp('/cart')
    const input = await screen.findByRole('spinbutton', { name: 'Quantité de T-shirt Teranga' })
    await user.clear(input)
    await user.type(input, '9{Enter}')
    expect(input).toHaveValue(3)
    expect(screen.getByText('Stock insuffisant. Seulement 3 disponible(s).')).toBeVisible()
    await user.clear(input)
    await user.type(input, '0')
    await user.tab()
    expect(input).toHaveValue(1)
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('10 000 FCFA')
  })

  it('offers 10 units of a line at most, however much is in stock', async () => {
    const user = userEvent.setup()
    mockDeliveryZones()
    guestCart([{ ...tee, quantity: 9, stock: 40 }])
    renderApp('/cart')
    const more = await screen.findByRole('button', { name: 'Augmenter la quantité de T-shirt Teranga' })
    await user.click(more)
    const input = screen.getByRole('spinbutton', { name: 'Quantité de T-shirt Teranga' })
    expect(input).toHaveValue(10)
    expect(input).toHaveAttribute('max', '10')
    expect(more).toBeDisabled()
    await user.clear(input)
    await user.type(input, '25{Enter}')
    expect(input).toHaveValue(10)
    expect(screen.getByText(LINE_LIMIT_MESSAGE)).toBeVisible()
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('100 000 FCFA')
  })

  it('clears the customer’s cart after confirmation, then shows the empty state', async () => {
    const user = userEvent.setup()
    const variant: CatalogueVariant = { productId: 'p-tee', name: 'T-shirt Teranga', slug: 't-shirt-teranga', price: 12500, size: 'L', color: 'blanc', stock: 4 }
    loggedInAs()
    mockDeliveryZones()
    const api = mockCartServer([variant], [{ variant, quantity: 2 }])
    renderApp('/cart')
    await screen.findByRole('link', { name: 'T-shirt Teranga' })

    await user.click(screen.getByRole('button', { name: 'Vider le panier' }))
    let dialog = screen.getByRole('dialog', { name: 'Vider le panier' })
    expect(dialog).toHaveTextContent('Êtes-vous sûr de vouloir vider votre panier ?')
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }))
    expect(api.calls).toEqual([])
    expect(screen.getByRole('link', { name: 'T-shirt Teranga' })).toBeVisible()

    await user.click(screen.getByRole('button', { name: 'Vider le panier' }))
    dialog = screen.getByRole('dialog', { name: 'Vider le panier' })
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }))
    expect(await screen.findByText('Votre panier est vide')).toBeVisible()
    expect(api.calls).toEqual([{ method: 'DELETE', path: '/api/cart/clear' }])
    expect(screen.getByRole('link', { name: 'Découvrir nos produits' })).toHaveAttribute('href', '/products')
    expect(screen.queryByTestId('cart-count')).not.toBeInTheDocument()
  })

  it('shows “Votre panier est vide” for an empty guest cart, and the header icon is a plain link here', async () => {
    renderApp('/cart')
    expect(await screen.findByText('Votre panier est vide')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Panier' })).not.toHaveAttribute('aria-haspopup')
  })
})
