import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react'
import { PageSpinner } from '@/components/ui/spinner'
import { useAddresses } from '@/features/account/api/get-addresses'
import { useSaveAddress } from '@/features/account/api/save-address'
import { useSession } from '@/features/auth/session-store'
import { linePrice } from '@/features/cart/cart-model'
import { useCart } from '@/features/cart/cart-store'
import { productKeys } from '@/features/catalog/api/keys'
import { deliveryDefaults, type CheckoutLine, type DeliveryValues } from '@/features/orders/checkout-model'
import {
  CHECKOUT_TITLE,
  CheckoutPage,
  type AddressKeeping,
  type CheckoutCart,
  type PayWithWave,
} from '@/features/orders/components/checkout-page'
import { useStalePaymentCleanup } from '@/features/payments/use-stale-payment-cleanup'
import type { WaveOrder } from '@/features/payments/use-wave-checkout'
import { useChosenCommune } from '@/lib/chosen-commune'
import { usePageMeta } from '@/lib/seo'

/** A shopper with no account: nothing to prefill but the commune they chose. */
const NO_PROFILE = { firstName: '', lastName: '', email: null }

// The Wave payment is its own chunk, fetched while the shopper fills the form in.
const loadWavePayment = () => import('@/features/payments/components/wave-payment')
const WavePayment = lazy(loadWavePayment)

/**
 * /checkout: the customer's server cart and their account's details, or, for a shopper who did
 * not log in, the browser's cart and a form to fill (a name and a phone are enough); then the
 * orders feature's steps.
 */
export default function CheckoutRoute() {
  usePageMeta({ title: CHECKOUT_TITLE, canonicalPath: '/checkout', noindex: true })
  const { user, status } = useSession()
  const cart = useCart()
  const chosenCommune = useChosenCommune()
  const queryClient = useQueryClient()
  useStalePaymentCleanup()
  useEffect(() => void loadWavePayment().catch(() => undefined), [])
  // The Wave payment of the placed order (payments feature): once started,
  // its panel replaces the steps (the order exists, its lines left the cart).
  const [waveOrder, setWaveOrder] = useState<WaveOrder | null>(null)
  const payWithWave = useCallback<PayWithWave>(
    (order) => setWaveOrder({ id: String(order.id), orderNumber: order.orderNumber, total: order.total }),
    [],
  )

  const checkoutCart = useMemo<CheckoutCart>(
    () => ({
      status: cart.status,
      lines: cart.cart.items.map(
        (line): CheckoutLine => ({
          key: line.key,
          productId: line.productId,
          name: line.name,
          image: line.image,
          unitPrice: linePrice(line),
          quantity: line.quantity,
          size: line.size,
          color: line.color,
        }),
      ),
      subtotal: cart.cart.subtotal,
      refetch: cart.refetch,
    }),
    [cart.status, cart.cart, cart.refetch],
  )

  if (waveOrder) {
    return (
      <Suspense fallback={<PageSpinner label="Initialisation du paiement…" showLabel />}>
        <WavePayment order={waveOrder} />
      </Suspense>
    )
  }
  if (user) {
    return (
      <CustomerCheckout
        user={user}
        cart={checkoutCart}
        payWithWave={payWithWave}
        chosenCommune={chosenCommune}
        onPlaced={() => {
          // The server took the ordered lines out of the cart (others stay) and took the stock:
          // show both as they are now.
          cart.refetch()
          void queryClient.invalidateQueries({ queryKey: productKeys.all })
        }}
      />
    )
  }
  if (status === 'loading') return <PageSpinner label="Chargement…" />
  return (
    <CheckoutPage
      cart={checkoutCart}
      defaults={deliveryDefaults(NO_PROFILE, null, chosenCommune)}
      payWithWave={payWithWave}
      draftOwner="guest"
      guest
      onPlaced={() => {
        // The browser's cart was ordered: its lines leave it, as the server's leave a customer's.
        for (const line of cart.cart.items) void cart.remove(line)
        void queryClient.invalidateQueries({ queryKey: productKeys.all })
      }}
    />
  )
}

interface CustomerCheckoutProps {
  user: NonNullable<ReturnType<typeof useSession>['user']>
  cart: CheckoutCart
  payWithWave: PayWithWave
  chosenCommune: string | null
  onPlaced: () => void
}

/** A customer's checkout: the form prefilled from the account, the address kept in its book. */
function CustomerCheckout({ user, cart, payWithWave, chosenCommune, onPlaced }: CustomerCheckoutProps) {
  // Only to prefill the form: if the address book does not answer, the profile is enough.
  const addresses = useAddresses()
  const saveAddress = useSaveAddress()
  if (addresses.isPending) return <PageSpinner label="Chargement…" />
  const defaultAddress = addresses.data?.find((address) => address.isDefault) ?? null
  // The order's address kept in the book (POST /api/users/addresses, once the order is placed):
  // the first one becomes the default, which the profile shows.
  const book = addresses.data
  const addressBook: AddressKeeping | undefined = book && {
    addresses: book,
    keep: (delivery: DeliveryValues) =>
      saveAddress.mutateAsync({
        input: {
          label: '',
          firstName: delivery.firstName,
          lastName: delivery.lastName,
          phone: delivery.phone,
          address: delivery.address,
          commune: delivery.commune,
          landmark: delivery.landmark,
          isDefault: book.length === 0,
        },
      }),
  }

  return (
    <CheckoutPage
      cart={cart}
      defaults={deliveryDefaults(user, defaultAddress, chosenCommune)}
      payWithWave={payWithWave}
      draftOwner={String(user.id)}
      addressBook={addressBook}
      onPlaced={onPlaced}
    />
  )
}
