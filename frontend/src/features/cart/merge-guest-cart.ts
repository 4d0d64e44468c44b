// On login the guest cart joins the customer's server cart (docs/rules.md#cart:
// same product, colour and size add up, capped at stock), then is cleared.
import type { QueryClient } from '@tanstack/react-query'
import { isApiError } from '@/lib/api-client'
import { cartKeys, type MergeResult } from './api/cart-schema'
import { mergeCart } from './api/merge-cart'
import { clearLocalCart, readLocalCart, restoreLocalLines } from './local-cart'

export type MergeOutcome =
  | { status: 'merged'; result: MergeResult }
  /** The server could not be reached: the lines are back in `localCart` for the next try. */
  | { status: 'kept'; error: unknown }
  /** The server refused the lines (a 4xx): they are dropped. */
  | { status: 'refused'; error: unknown }

let inFlight: Promise<MergeOutcome> | null = null

/**
 * Sends the guest lines to POST /api/cart/merge and puts the answer in the
 * customer's cart query. `localCart` is emptied *before* the call, so that
 * another tab logging in at the same moment cannot send the same lines again;
 * if the server cannot be reached they are put back. Concurrent calls share
 * one request. Null when there is nothing to merge.
 */
export function mergeGuestCart(queryClient: QueryClient, userId: string): Promise<MergeOutcome> | null {
  if (inFlight) return inFlight
  const lines = readLocalCart()
  if (lines.length === 0) return null
  clearLocalCart()

  const run = (async (): Promise<MergeOutcome> => {
    // A cart read that started before the merge must not overwrite its answer.
    await queryClient.cancelQueries({ queryKey: cartKeys.all })
    try {
      const result = await mergeCart(
        lines.map((line) => ({
          productId: String(line.productId),
          quantity: line.quantity,
          size: line.size,
          color: line.color ?? '',
        })),
      )
      queryClient.setQueryData(cartKeys.detail(userId), result.cart)
      return { status: 'merged', result }
    } catch (error) {
      const unreachable = !isApiError(error) || error.status === 0 || error.status >= 500 || error.status === 401
      if (unreachable) restoreLocalLines(lines)
      console.warn('[cart] the guest cart could not be merged', error)
      return unreachable ? { status: 'kept', error } : { status: 'refused', error }
    }
  })()
  inFlight = run
  void run.finally(() => {
    if (inFlight === run) inFlight = null
  })
  return run
}
