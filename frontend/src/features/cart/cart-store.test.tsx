import { act, render, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppProvider } from '@/app/provider'
import { createQueryClient } from '@/app/query-client'
import { LINE_LIMIT_MESSAGE } from '@/config/cart'
import { logout, sessionStore } from '@/features/auth/session-store'
import { mockCartServer, type CatalogueVariant } from '@/testing/cart'
import { server } from '@/testing/server'
import { makeUser } from '@/testing/users'
import { useAddToCart } from './add-to-cart'
import { MERGE_CAPPED_MESSAGE, MERGE_DROPPED_MESSAGE, type AddToCartItem } from './cart-model'
import { useCart, useCartDrawer, type CartState } from './cart-store'
import { LOCAL_CART_KEY, readLocalCart } from './local-cart'

const teeNoirM: CatalogueVariant = { productId: 'p-tee', name: 'T-shirt Teranga', slug: 't-shirt-teranga', price: 12500, promoPrice: 10000, size: 'M', color: 'noir', stock: 3 }
const teeBlancL: CatalogueVariant = { ...teeNoirM, size: 'L', color: 'blanc', stock: 5 }
const chain: CatalogueVariant = { productId: 'p-chain', name: 'Chaîne Gorée', slug: 'chaine-goree', price: 8000, size: 'unique', color: 'doré', stock: 2 }

const request = (variant: CatalogueVariant, quantity = 1, overrides: Partial<AddToCartItem> = {}): AddToCartItem => ({
  productId: variant.productId,
  name: variant.name,
  slug: variant.slug,
  image: '/images/placeholder.jpg',
  price: variant.price,
  promoPrice: variant.promoPrice,
  quantity,
  size: variant.size,
  color: variant.color,
  stock: variant.stock,
  ...overrides,
})

interface Handle {
  cart: CartState
  addToCart: ReturnType<typeof useAddToCart>
  drawer: ReturnType<typeof useCartDrawer>
}
const handle = { current: null as unknown as Handle }

function Probe() {
  const cart = useCart()
  handle.current = { cart, addToCart: useAddToCart(), drawer: useCartDrawer() }
  return (
    <p data-testid="cart">
      {cart.owner} {cart.status} {cart.cart.itemCount} {cart.cart.subtotal}
    </p>
  )
}

function renderStore() {
  const queryClient = createQueryClient()
  render(
    <AppProvider queryClient={queryClient}>
      <Probe />
    </AppProvider>,
  )
  return queryClient
}

const state = () => screen.getByTestId('cart').textContent
const lines = () => handle.current.cart.cart.items.map((l) => `${l.productId} ${l.size} ${l.color} ×${l.quantity}`)

beforeEach(() => sessionStore.clear())
afterEach(() => sessionStore.clear())

describe('guest cart', () => {
  it('adds to localCart, adds up the same variant, caps at the stock, says so and opens the drawer', async () => {
    renderStore()
    expect(state()).toBe('guest ready 0 0')
    await act(() => handle.current.addToCart(request(teeNoirM, 2)))
    expect(handle.current.drawer).toMatchObject({ open: true, notice: 'Produit ajouté au panier' })
    expect(state()).toBe('guest ready 2 20000')

    act(() => handle.current.drawer.hide())
    await act(() => handle.current.addToCart(request(teeNoirM, 2)))
    expect(screen.getByText('Stock insuffisant. Seulement 3 disponible(s).')).toBeVisible()
    await act(() => handle.current.addToCart(request(teeBlancL, 1)))
    expect(lines()).toEqual(['p-tee M noir ×3', 'p-tee L blanc ×1'])
    expect(state()).toBe('guest ready 4 40000')
  })

  it('uses the default size and colour: `unique` for an accessory, a garment’s only size, the first colour', async () => {
    renderStore()
    await act(() =>
      handle.current.addToCart(request(chain, 1, { size: undefined, color: undefined, category: 'accessoire', colors: ['doré', 'argenté'] })),
    )
    expect(readLocalCart()).toMatchObject([{ productId: 'p-chain', size: 'unique', color: 'doré', quantity: 1 }])
    await act(() =>
      handle.current.addToCart(request(teeNoirM, 1, { size: undefined, color: undefined, category: 'vetement', sizes: ['M'], colors: ['noir'] })),
    )
    expect(lines()).toContain('p-tee M noir ×1')
  })

  it('never takes one of several sizes for the shopper', async () => {
    renderStore()
    await act(() =>
      handle.current.addToCart(request(teeNoirM, 1, { size: undefined, category: 'vetement', sizes: ['M', 'L'], colors: ['noir'] })),
    )
    expect(screen.getByText('Veuillez sélectionner une taille et une couleur')).toBeVisible()
    expect(readLocalCart()).toEqual([])
  })

  it('refuses a missing colour with a French message', async () => {
    renderStore()
    await act(() => handle.current.addToCart(request(teeNoirM, 1, { color: '' })))
    expect(screen.getByText('Veuillez sélectionner une taille et une couleur')).toBeVisible()
    expect(readLocalCart()).toEqual([])
    expect(handle.current.drawer.open).toBe(false)
  })

  it('changes quantities within 1..stock, removes and clears lines', async () => {
    renderStore()
    await act(() => handle.current.addToCart(request(teeNoirM, 1)))
    await act(() => handle.current.addToCart(request(chain, 1)))
    const [tee] = handle.current.cart.cart.items
    await act(() => handle.current.cart.setQuantity(tee!, 10))
    expect(lines()[0]).toBe('p-tee M noir ×3')
    await act(() => handle.current.cart.setQuantity(handle.current.cart.cart.items[0]!, 0))
    expect(lines()[0]).toBe('p-tee M noir ×1')
    await act(() => handle.current.cart.remove(handle.current.cart.cart.items[0]!))
    expect(lines()).toEqual(['p-chain unique doré ×1'])
    await act(() => handle.current.cart.clear())
    expect(state()).toBe('guest ready 0 0')
    expect(localStorage.getItem(LOCAL_CART_KEY)).toBeNull()
  })
})

describe('customer cart', () => {
  function logIn() {
    sessionStore.logIn('jwt-test', makeUser())
  }

  it('is read from the server; an add goes to POST /api/cart/add and the answer is the cart shown', async () => {
    logIn()
    const api = mockCartServer([teeNoirM, teeBlancL], [{ variant: teeBlancL, quantity: 1 }])
    renderStore()
    await waitFor(() => expect(state()).toBe('customer ready 1 10000'))
    await act(() => handle.current.addToCart(request(teeNoirM, 2)))
    expect(api.calls).toEqual([{ method: 'POST', path: '/api/cart/add', body: { productId: 'p-tee', quantity: 2, size: 'M', color: 'noir' } }])
    expect(state()).toBe('customer ready 3 30000')
    expect(handle.current.drawer).toMatchObject({ open: true, notice: 'Produit ajouté au panier' })
    expect(localStorage.getItem(LOCAL_CART_KEY)).toBeNull()

    // What the line holds counts against the stock, as for a guest: 1 more fits, not 2.
    await act(() => handle.current.addToCart(request(teeNoirM, 2)))
    expect(api.calls.at(-1)!.body).toEqual({ productId: 'p-tee', quantity: 1, size: 'M', color: 'noir' })
    expect(screen.getByText('Stock insuffisant. Seulement 3 disponible(s).')).toBeVisible()
    expect(state()).toBe('customer ready 4 40000')
  })

  it('sends no more than the 10 units a line holds, and says why', async () => {
    logIn()
    const plenty = { ...teeNoirM, stock: 40 }
    const api = mockCartServer([plenty], [{ variant: plenty, quantity: 8 }])
    renderStore()
    await waitFor(() => expect(state()).toBe('customer ready 8 80000'))
    await act(() => handle.current.addToCart(request(plenty, 5)))
    expect(api.calls.at(-1)!.body).toEqual({ productId: 'p-tee', quantity: 2, size: 'M', color: 'noir' })
    expect(screen.getByText(LINE_LIMIT_MESSAGE)).toBeVisible()
    expect(state()).toBe('customer ready 10 100000')
    const calls = api.calls.length
    await act(() => handle.current.addToCart(request(plenty, 1)))
    expect(api.calls).toHaveLength(calls)
  })

  it('shows the server’s message when an add is refused, else a French fallback', async () => {
    logIn()
    mockCartServer([teeNoirM])
    renderStore()
    await waitFor(() => expect(state()).toBe('customer ready 0 0'))
    await act(() => handle.current.addToCart(request(chain)))
    expect(screen.getByText('Produit non trouvé')).toBeVisible()
    expect(handle.current.drawer.open).toBe(false)

    server.use(http.post('/api/cart/add', () => new HttpResponse('<html>', { status: 400 })))
    await act(() => handle.current.addToCart(request(teeNoirM)))
    expect(screen.getByText("Erreur lors de l'ajout au panier")).toBeVisible()
  })

  it('changes quantities, removes and clears on the server, showing the change at once', async () => {
    logIn()
    const api = mockCartServer([teeNoirM, chain], [{ variant: teeNoirM, quantity: 1 }, { variant: chain, quantity: 1 }])
    renderStore()
    await waitFor(() => expect(state()).toBe('customer ready 2 18000'))
    const [tee, gold] = handle.current.cart.cart.items

    // Two quick + : shown at once, sent in order; the cart ends as the server's last answer.
    const release = api.hold()
    let changes!: Promise<unknown>
    act(() => {
      changes = Promise.all([
        handle.current.cart.setQuantity(tee!, 2),
        handle.current.cart.setQuantity({ ...tee!, quantity: 2 }, 3),
      ])
    })
    await waitFor(() => expect(state()).toBe('customer ready 4 38000'))
    await waitFor(() => expect(api.calls).toHaveLength(1))
    await act(async () => {
      release()
      await changes
    })
    expect(api.calls.map((c) => [c.method, c.body])).toEqual([
      ['PUT', { quantity: 2 }],
      ['PUT', { quantity: 3 }],
    ])
    expect(state()).toBe('customer ready 4 38000')

    await act(() => handle.current.cart.remove(gold!))
    expect(api.calls.at(-1)).toEqual({ method: 'DELETE', path: '/api/cart/items/item-2' })
    expect(lines()).toEqual(['p-tee M noir ×3'])
    await act(() => handle.current.cart.clear())
    expect(api.calls.at(-1)).toEqual({ method: 'DELETE', path: '/api/cart/clear' })
    expect(state()).toBe('customer ready 0 0')
  })

  it('reloads the cart when the server refuses a change', async () => {
    logIn()
    const variant = { ...teeNoirM }
    const api = mockCartServer([variant], [{ variant, quantity: 2 }])
    renderStore()
    await waitFor(() => expect(state()).toBe('customer ready 2 20000'))
    // The stock fell to 1 since the page was loaded.
    api.items()[0]!.variant.stock = 1
    let failure: unknown
    await act(async () => {
      await handle.current.cart.setQuantity({ ...handle.current.cart.cart.items[0]!, stock: 5 }, 3).catch((e: unknown) => {
        failure = e
      })
    })
    expect((failure as Error).message).toBe('Stock insuffisant. Seulement 1 disponible(s).')
    await waitFor(() => expect(handle.current.cart.cart.items[0]!.stock).toBe(1))
    expect(state()).toBe('customer ready 2 20000')
  })

  it('says “Erreur lors de la récupération du panier” when the cart cannot be read', async () => {
    logIn()
    server.use(http.get('/api/cart', () => HttpResponse.json({ code: 'not_found', message: 'Introuvable' }, { status: 404 })))
    renderStore()
    await waitFor(() => expect(state()).toBe('customer error 0 0'))
  })
})

describe('login and logout', () => {
  it('merges the guest cart into the account on login, clears localCart and reports dropped lines', async () => {
    const api = mockCartServer([teeNoirM, teeBlancL], [{ variant: teeNoirM, quantity: 2 }])
    renderStore()
    await act(() => handle.current.addToCart(request(teeNoirM, 2)))
    await act(() => handle.current.addToCart(request(teeBlancL, 1)))
    await act(() => handle.current.addToCart(request(chain, 1)))
    expect(state()).toBe('guest ready 4 38000')

    act(() => sessionStore.logIn('jwt-test', makeUser()))
    await waitFor(() => expect(state()).toBe('customer ready 4 40000'))
    expect(api.calls).toEqual([
      {
        method: 'POST',
        path: '/api/cart/merge',
        body: {
          items: [
            { productId: 'p-tee', quantity: 2, size: 'M', color: 'noir' },
            { productId: 'p-tee', quantity: 1, size: 'L', color: 'blanc' },
            { productId: 'p-chain', quantity: 1, size: 'unique', color: 'doré' },
          ],
        },
      },
    ])
    // Noir M: 2 on the account + 2 from the guest, capped at 3; the chain is gone from the catalogue.
    expect(lines()).toEqual(['p-tee M noir ×3', 'p-tee L blanc ×1'])
    expect(localStorage.getItem(LOCAL_CART_KEY)).toBeNull()
    expect(screen.getByText(MERGE_DROPPED_MESSAGE)).toBeVisible()
  })

  it('says when the merge lowered a line to the stock', async () => {
    mockCartServer([teeNoirM], [{ variant: teeNoirM, quantity: 3 }])
    renderStore()
    await act(() => handle.current.addToCart(request(teeNoirM, 1)))
    act(() => sessionStore.logIn('jwt-test', makeUser()))
    await waitFor(() => expect(state()).toBe('customer ready 3 30000'))
    expect(screen.getByText(MERGE_CAPPED_MESSAGE)).toBeVisible()
  })

  it('drops the guest lines the server refuses whole, and says so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    server.use(http.post('/api/cart/merge', () => HttpResponse.json({ code: 'too_many_items', message: 'Trop d’articles' }, { status: 400 })))
    renderStore()
    await act(() => handle.current.addToCart(request(teeNoirM, 1)))
    act(() => sessionStore.logIn('jwt-test', makeUser()))
    await waitFor(() => expect(screen.getByText(MERGE_DROPPED_MESSAGE)).toBeVisible())
    await waitFor(() => expect(state()).toBe('customer ready 0 0'))
    expect(readLocalCart()).toEqual([])
    warn.mockRestore()
  })

  it('with an empty guest cart just loads the account’s cart (no merge call)', async () => {
    const api = mockCartServer([teeNoirM], [{ variant: teeNoirM, quantity: 1 }])
    renderStore()
    act(() => sessionStore.logIn('jwt-test', makeUser()))
    await waitFor(() => expect(state()).toBe('customer ready 1 10000'))
    expect(api.calls).toEqual([])
  })

  it('keeps the guest lines for the next try when the server cannot be reached', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    server.use(http.post('/api/cart/merge', () => HttpResponse.error()))
    renderStore()
    await act(() => handle.current.addToCart(request(teeNoirM, 1)))
    act(() => sessionStore.logIn('jwt-test', makeUser()))
    await waitFor(() => expect(state()).toBe('customer ready 0 0'))
    expect(readLocalCart()).toMatchObject([{ productId: 'p-tee', quantity: 1 }])
    expect(warn).toHaveBeenCalled()
    warn.mockRestore()
  })

  it('drops the account’s cart on logout: the guest cart starts empty', async () => {
    sessionStore.logIn('jwt-test', makeUser())
    mockCartServer([teeNoirM], [{ variant: teeNoirM, quantity: 2 }])
    server.use(http.post('/api/auth/logout', () => new HttpResponse(null, { status: 204 })))
    const queryClient = renderStore()
    await waitFor(() => expect(state()).toBe('customer ready 2 20000'))
    await act(() => logout())
    expect(state()).toBe('guest ready 0 0')
    expect(queryClient.getQueryCache().findAll({ queryKey: ['cart'] })).toEqual([])
    expect(localStorage.getItem(LOCAL_CART_KEY)).toBeNull()
  })
})
