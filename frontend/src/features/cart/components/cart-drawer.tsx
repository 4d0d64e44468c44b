// The cart drawer, loaded on demand: the header's cart icon and
// every add to cart open it. Titled "Votre panier"; Escape and the overlay
// close it and the page behind does not scroll (components/ui/drawer).
import { useEffect, useState } from 'react'
import { ButtonLink } from '@/components/ui/button'
import { Drawer } from '@/components/ui/drawer'
import { CheckIcon } from '@/components/ui/icons'
import { PageSpinner } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import { useChosenCommune } from '@/lib/chosen-commune'
import { useDeliveryZones } from '@/lib/delivery-zones'
import { formatPrice } from '@/lib/format'
import { useCartActions } from '../cart-store'
import { CartLineItem } from './cart-line'
import { CartError, EmptyCart } from './cart-status'
import { DeliveryEstimate } from './delivery-estimate'
import styles from './cart-drawer.module.css'

export const CART_DRAWER_TITLE = 'Votre panier'

export interface CartDrawerProps {
  open: boolean
  onClose: () => void
  /** Said on top, e.g. "Produit ajouté au panier" when an add opened the drawer. */
  notice?: string | null
  /** The commune of the customer's default address, until they choose another. */
  defaultCommune?: string | null
}

export default function CartDrawer({ open, onClose, notice = null, defaultCommune = null }: CartDrawerProps) {
  const cart = useCartActions()
  const zones = useDeliveryZones()
  const commune = useChosenCommune(defaultCommune)
  const toast = useToast()
  // Written into the live region just after the drawer appears, so screen readers announce it.
  const [said, setSaid] = useState<string | null>(null)
  useEffect(() => {
    if (!open || !notice) return setSaid(null)
    const timer = setTimeout(() => setSaid(notice), 50)
    return () => clearTimeout(timer)
  }, [open, notice])
  const { items, subtotal, itemCount } = cart.cart
  const filled = cart.status === 'ready' && items.length > 0

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={CART_DRAWER_TITLE}
      className={styles.panel}
      footer={
        filled ? (
          <>
            <p className={styles.subtotal}>
              <span>Sous-total <span className={styles.count}>({itemCount} article{itemCount > 1 ? 's' : ''})</span></span>
              <strong data-testid="cart-drawer-subtotal">{formatPrice(subtotal)}</strong>
            </p>
            <div className={styles.note}>
              {zones.data ? (
                <DeliveryEstimate zones={zones.data} commune={commune} subtotal={subtotal} />
              ) : (
                <p>Frais de livraison calculés à la commande.</p>
              )}
            </div>
            <div className={styles.actions}>
              <ButtonLink to="/cart" variant="secondary" onClick={onClose}>Voir le panier</ButtonLink>
              <ButtonLink to="/checkout" onClick={onClose}>Commander</ButtonLink>
            </div>
          </>
        ) : undefined
      }
    >
      <p className={styles.notice} role="status">
        {said ? (
          <>
            <CheckIcon size={18} />
            {said}
          </>
        ) : null}
      </p>
      {cart.status === 'loading' ? (
        <PageSpinner label="Chargement du panier…" />
      ) : cart.status === 'error' ? (
        <CartError onRetry={cart.refetch} />
      ) : items.length === 0 ? (
        <EmptyCart onNavigate={onClose} />
      ) : (
        <ul className={styles.lines} aria-label="Articles du panier">
          {items.map((line) => (
            <CartLineItem
              key={line.key}
              line={line}
              onQuantity={(quantity) => void cart.changeQuantity(line, quantity)}
              onRemove={() => void cart.removeLine(line)}
              onNavigate={onClose}
              onCapped={(message) => toast.warning(message)}
            />
          ))}
        </ul>
      )}
    </Drawer>
  )
}
