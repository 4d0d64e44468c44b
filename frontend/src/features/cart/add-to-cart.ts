// Adding a product to the cart, as the product page needs it:
// `const addToCart = useAddToCart(); await addToCart(item)`.
// Guests write `localCart`, customers the server cart; the shopper is told
// by the cart drawer, which opens saying "Produit ajouté au panier", and
// with toasts for the other messages (stock, units per line, missing choice, errors).
import { useCallback } from 'react'
import { useToast } from '@/components/ui/toast'
import { MISSING_CHOICE_MESSAGE } from '@/config/cart'
import {
  ADD_ERROR_MESSAGE,
  ADDED_MESSAGE,
  cartErrorMessage,
  MIN_QUANTITY_MESSAGE,
  cappedMessage,
  withDefaultChoice,
  type AddToCartItem,
  type AddToCartResult,
} from './cart-model'
import { useCart, useCartDrawer } from './cart-store'

/** `addToCart(item)`: adds, tells the shopper, opens the drawer. Resolves to what happened. */
export function useAddToCart(): (item: AddToCartItem) => Promise<AddToCartResult> {
  const { add } = useCart()
  const drawer = useCartDrawer()
  const toast = useToast()
  const { show } = drawer
  return useCallback(
    async (request: AddToCartItem) => {
      // The quantity is a whole number, 1 by default.
      const quantity = Number.isFinite(request.quantity) ? Math.trunc(request.quantity) : 1
      const item = { ...withDefaultChoice(request), quantity }
      if (!item.size || !item.color || quantity < 1) {
        toast.error(quantity < 1 ? MIN_QUANTITY_MESSAGE : MISSING_CHOICE_MESSAGE)
        return { status: 'invalid' }
      }
      let result: AddToCartResult
      try {
        result = await add(item)
      } catch (error) {
        const message = cartErrorMessage(error, ADD_ERROR_MESSAGE)
        toast.error(message)
        return { status: 'error', message }
      }
      if (result.status === 'invalid') {
        toast.error(MISSING_CHOICE_MESSAGE)
        return result
      }
      if (result.status === 'error') return result
      // The drawer opening is the confirmation: it says so on top (a toast would cover its buttons on a phone).
      if (result.added > 0) show(ADDED_MESSAGE)
      if (result.status === 'capped') toast.warning(cappedMessage(Math.trunc(item.stock)))
      return result
    },
    [add, show, toast],
  )
}
