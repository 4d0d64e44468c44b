// The one cart store of the storefront.
//
// - Guests: the lines live in localStorage `localCart` (local-cart.ts).
// - Customers: the lines live on the server; React Query holds the customer's
//   cart under ['cart', userId]. Every change answers with the cart as the
//   server now reads it, which replaces the cached one (the "reload after each
//   change" without a second request). Quantity changes and
//   removals show at once and are sent in order; only the answer to the last
//   one is shown, and a refusal reloads the cart.
// - The app tells the store who is logged in (<CartProvider customerId>). On
//   login the guest cart is merged into the server cart, then cleared; on
//   logout the customer's cart is dropped and the guest cart starts empty.
// - The drawer's open state lives here too: adding to the cart opens it.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react'
import { useToast } from '@/components/ui/toast'
import { lineLimit } from '@/config/cart'
import { addCartItem } from './api/add-cart-item'
import { cartKeys, type ServerCart } from './api/cart-schema'
import { clearCart } from './api/clear-cart'
import { cartQueryOptions } from './api/get-cart'
import { removeCartItem } from './api/remove-cart-item'
import { updateCartItem } from './api/update-cart-item'
import {
  EMPTY_CART,
  MERGE_CAPPED_MESSAGE,
  MERGE_DROPPED_MESSAGE,
  UPDATE_ERROR_MESSAGE,
  boundQuantity,
  cartErrorMessage,
  fromServerCart,
  sameVariant,
  type AddToCartItem,
  type AddToCartResult,
  type CartLine,
  type CartView,
} from './cart-model'
import {
  addToLocalCart,
  clearLocalCart,
  localCartView,
  removeLocalLine,
  setLocalQuantity,
  useLocalCart,
} from './local-cart'
import { mergeGuestCart } from './merge-guest-cart'

interface CartContextValue {
  /** The logged-in customer's id; null for a guest (or while the session is checked). */
  customerId: string | null
  /** The guest cart is being merged into the server cart. */
  merging: boolean
  drawerOpen: boolean
  /** What the drawer says on top when it opened after an add ("Produit ajouté au panier"). */
  drawerNotice: string | null
  setDrawer: Dispatch<SetStateAction<{ open: boolean; notice: string | null }>>
}

const CartContext = createContext<CartContextValue | null>(null)

function useCartContext(): CartContextValue {
  const value = use(CartContext)
  if (!value) throw new Error('The cart hooks must be used inside <CartProvider>')
  return value
}

export function CartProvider({ customerId, children }: { customerId: string | null; children: ReactNode }) {
  const queryClient = useQueryClient()
  const toast = useToast()
  const [merging, setMerging] = useState(false)
  const [drawer, setDrawer] = useState<{ open: boolean; notice: string | null }>({ open: false, notice: null })
  const previous = useRef(customerId)

  useEffect(() => {
    const before = previous.current
    previous.current = customerId
    if (before !== null && before !== customerId) {
      // Logout (or another account): the customer's cart is not shown to whoever comes next.
      queryClient.removeQueries({ queryKey: cartKeys.all })
      if (customerId === null) clearLocalCart()
    }
    if (customerId === null) return
    // Logged in (or the session restored): whatever the guest cart holds joins the account.
    const merge = mergeGuestCart(queryClient, customerId)
    if (!merge) return
    let active = true
    setMerging(true)
    void merge.then((outcome) => {
      if (!active) return
      setMerging(false)
      // Refused whole (e.g. an absurd number of lines): the lines are gone, the shopper is told.
      if (outcome.status === 'refused') toast.warning(MERGE_DROPPED_MESSAGE)
      if (outcome.status !== 'merged') return
      const { dropped, capped } = outcome.result
      if (dropped.length > 0) toast.warning(MERGE_DROPPED_MESSAGE)
      else if (capped > 0) toast.warning(MERGE_CAPPED_MESSAGE)
    })
    return () => {
      active = false
      setMerging(false)
    }
  }, [customerId, queryClient, toast])

  const value = useMemo(
    () => ({ customerId, merging, drawerOpen: drawer.open, drawerNotice: drawer.notice, setDrawer }),
    [customerId, merging, drawer],
  )
  return <CartContext value={value}>{children}</CartContext>
}

// --- server changes, one after another -----------------------------------------

let queue: Promise<unknown> = Promise.resolve()
let pendingChanges = 0

export interface CartState {
  owner: 'guest' | 'customer'
  /** The cart to show; EMPTY_CART while a customer's cart is first loaded or failed. */
  cart: CartView
  status: 'ready' | 'loading' | 'error'
  error: unknown
  refetch: () => void
  /** Adds units of a variant (capped at the stock). Throws the server's error for customers. */
  add: (item: AddToCartItem & { size: string; color: string }) => Promise<AddToCartResult>
  /** Sets a line's quantity within 1..stock. Throws the server's error for customers. */
  setQuantity: (line: CartLine, quantity: number) => Promise<void>
  remove: (line: CartLine) => Promise<void>
  clear: () => Promise<void>
}

export function useCart(): CartState {
  const { customerId, merging } = useCartContext()
  const queryClient = useQueryClient()
  const localItems = useLocalCart()
  const query = useQuery({
    ...cartQueryOptions(customerId ?? ''),
    enabled: customerId !== null && !merging,
    select: fromServerCart,
  })

  const owner = customerId !== null ? 'customer' : 'guest'
  const cart: CartView = owner === 'guest' ? localCartView(localItems) : (query.data ?? EMPTY_CART)
  const status = owner === 'guest' || query.data ? 'ready' : query.isError && !merging ? 'error' : 'loading'

  /**
   * Sends one change to the server after the ones before it. `optimistic`
   * shows the expected cart at once; the server's answer replaces it when no
   * later change is waiting; a refusal reloads the cart.
   */
  const change = useCallback(
    async (send: () => Promise<ServerCart>, optimistic?: (cart: ServerCart) => ServerCart): Promise<ServerCart> => {
      if (customerId === null) throw new Error('No customer')
      const key = cartKeys.detail(customerId)
      await queryClient.cancelQueries({ queryKey: key })
      if (optimistic) queryClient.setQueryData<ServerCart>(key, (current) => (current ? optimistic(current) : current))
      pendingChanges += 1
      const run = queue.then(() => send())
      queue = run.catch(() => undefined)
      try {
        const answer = await run
        if (--pendingChanges === 0) queryClient.setQueryData(key, answer)
        return answer
      } catch (error) {
        if (--pendingChanges === 0) void queryClient.invalidateQueries({ queryKey: key })
        throw error
      }
    },
    [customerId, queryClient],
  )

  const add = useCallback<CartState['add']>(
    async (item) => {
      if (customerId === null) return addToLocalCart(item)
      const quantity = Math.trunc(item.quantity)
      if (!item.size || !item.color || !(quantity >= 1)) return { status: 'invalid' }
      // The same rule as for guests: what the line already holds counts against the stock and
      // the units a line holds.
      const before = cart.items.find((line) => sameVariant(line, item))?.quantity ?? 0
      const fits = Math.min(quantity, lineLimit(item.stock) - before)
      if (fits <= 0) return { status: 'capped', quantity: before, added: 0 }
      const answer = await change(() =>
        addCartItem({ productId: String(item.productId), quantity: fits, size: item.size, color: item.color }),
      )
      const after = answer.items.find((line) => sameVariant(line, item))?.quantity ?? before + fits
      return { status: fits < quantity ? 'capped' : 'added', quantity: after, added: fits }
    },
    [customerId, cart.items, change],
  )

  const setQuantity = useCallback<CartState['setQuantity']>(
    async (line, quantity) => {
      const bounded = boundQuantity(quantity, line.stock)
      if (customerId === null) {
        setLocalQuantity(line.key, bounded)
        return
      }
      if (!line.id || bounded === line.quantity) return
      await change(
        () => updateCartItem(line.id!, bounded),
        (current) => withServerLines(current.items.map((i) => (i.id === line.id ? { ...i, quantity: bounded } : i))),
      )
    },
    [customerId, change],
  )

  const remove = useCallback<CartState['remove']>(
    async (line) => {
      if (customerId === null) {
        removeLocalLine(line.key)
        return
      }
      if (!line.id) return
      await change(
        () => removeCartItem(line.id!),
        (current) => withServerLines(current.items.filter((i) => i.id !== line.id)),
      )
    },
    [customerId, change],
  )

  const clear = useCallback<CartState['clear']>(async () => {
    if (customerId === null) {
      clearLocalCart()
      return
    }
    await change(clearCart, () => withServerLines([]))
  }, [customerId, change])

  const { refetch } = query
  return {
    owner,
    cart,
    status,
    error: query.error,
    refetch: useCallback(() => void refetch(), [refetch]),
    add,
    setQuantity,
    remove,
    clear,
  }
}

/** The server cart with other lines, its totals recomputed by the same rule until the server answers. */
function withServerLines(items: ServerCart['items']): ServerCart {
  return {
    items,
    subtotal: items.reduce((sum, item) => sum + (item.promoPrice ?? item.price) * item.quantity, 0),
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
  }
}

/** Units in the cart, for the header badge. */
export function useCartCount(): number {
  return useCart().cart.itemCount
}

/** The drawer's state; `show` and `hide` never change. */
export function useCartDrawer() {
  const { drawerOpen, drawerNotice, setDrawer } = useCartContext()
  /** Opens the drawer, with a notice on top (after an add) or none (the header's icon). */
  const show = useCallback((notice?: string) => setDrawer({ open: true, notice: notice ?? null }), [setDrawer])
  const hide = useCallback(
    () => setDrawer((current) => (current.open || current.notice ? { open: false, notice: null } : current)),
    [setDrawer],
  )
  return useMemo(() => ({ open: drawerOpen, notice: drawerNotice, show, hide }), [drawerOpen, drawerNotice, show, hide])
}

/**
 * The cart with its line actions for the drawer and the cart page: a refused
 * change (stock gone, line gone…) shows the server's message in a toast.
 */
export function useCartActions() {
  const state = useCart()
  const toast = useToast()
  const { setQuantity, remove, clear } = state
  const report = useCallback(
    async (change: Promise<void>) => {
      try {
        await change
        return true
      } catch (error) {
        toast.error(cartErrorMessage(error, UPDATE_ERROR_MESSAGE))
        return false
      }
    },
    [toast],
  )
  return {
    ...state,
    changeQuantity: useCallback((line: CartLine, quantity: number) => report(setQuantity(line, quantity)), [report, setQuantity]),
    removeLine: useCallback((line: CartLine) => report(remove(line)), [report, remove]),
    clearAll: useCallback(() => report(clear()), [report, clear]),
  }
}
