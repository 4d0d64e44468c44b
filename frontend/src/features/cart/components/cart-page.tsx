// /cart: the full cart: quantities (− / + and a typed value
// within 1..stock), removal, clearing after confirmation, the subtotal, the
// delivery estimate by the rule checkout applies (the zone of the shopper's
// commune, free from its threshold), and the way to /checkout.
import { Link } from 'react-router'
import { Button, ButtonLink } from '@/components/ui/button'
import { useConfirm } from '@/components/ui/confirm'
import { TrashIcon } from '@/components/ui/icons'
import { PageSpinner } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import { formatDiscount, formatPrice } from '@/lib/format'
import { useChosenCommune } from '@/lib/chosen-commune'
import { useDeliveryZones } from '@/lib/delivery-zones'
import { isApiError } from '@/lib/api-client'
import { CLEAR_CONFIRM } from '../cart-model'
import { useCartActions } from '../cart-store'
import { useAppliedPromoCode, usePromoQuote } from '@/lib/promo-code'
import { CartLineItem } from './cart-line'
import { CartError, EmptyCart } from './cart-status'
import { DeliveryEstimate, quoteDelivery } from './delivery-estimate'
import { PromoCodeField } from './promo-code-field'
import styles from './cart-page.module.css'

export const CART_PAGE_TITLE = 'Mon panier'

export interface CartPageProps {
  /** The commune of the customer's default address, until they choose another. */
  defaultCommune?: string | null
  /** A customer may apply a promo code (checked against the server cart); a guest logs in first. */
  loggedIn?: boolean
}

export function CartPage({ defaultCommune = null, loggedIn = false }: CartPageProps) {
  const cart = useCartActions()
  const confirm = useConfirm()
  const toast = useToast()
  const { items, itemCount } = cart.cart

  async function clear() {
    if (await confirm(CLEAR_CONFIRM)) void cart.clearAll()
  }

  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.title}>
        {CART_PAGE_TITLE}
        {cart.status === 'ready' && itemCount > 0 ? (
          <span className={styles.count}> ({itemCount} article{itemCount > 1 ? 's' : ''})</span>
        ) : null}
      </h1>

      {cart.status === 'loading' ? (
        <PageSpinner label="Chargement du panier…" />
      ) : cart.status === 'error' ? (
        <CartError onRetry={cart.refetch} />
      ) : items.length === 0 ? (
        <EmptyCart />
      ) : (
        <div className={styles.layout}>
          <section aria-label="Articles du panier">
            <ul className={styles.lines}>
              {items.map((line) => (
                <CartLineItem
                  key={line.key}
                  line={line}
                  full
                  onQuantity={(quantity) => void cart.changeQuantity(line, quantity)}
                  onRemove={() => void cart.removeLine(line)}
                  onCapped={(message) => toast.warning(message)}
                />
              ))}
            </ul>
            <div className={styles.below}>
              <Link to="/products" className={styles.continue}>← Continuer mes achats</Link>
              <Button variant="ghost" className={styles.clear} onClick={() => void clear()}>
                <TrashIcon size={18} />
                Vider le panier
              </Button>
            </div>
          </section>
          <CartSummary subtotal={cart.cart.subtotal} itemCount={itemCount} defaultCommune={defaultCommune} loggedIn={loggedIn} />
        </div>
      )}
    </div>
  )
}

/** Subtotal, promo code, delivery estimate and total: what checkout will start from. */
export function CartSummary({
  subtotal,
  itemCount,
  defaultCommune = null,
  loggedIn = false,
}: {
  subtotal: number
  itemCount: number
  defaultCommune?: string | null
  loggedIn?: boolean
}) {
  const zones = useDeliveryZones()
  const commune = useChosenCommune(defaultCommune)
  const quote = zones.data ? quoteDelivery(zones.data, commune, subtotal) : null
  const applied = useAppliedPromoCode()
  const promo = usePromoQuote(applied, subtotal, loggedIn)
  const discount = promo.data?.discount ?? 0
  const refusal = promo.error ? (isApiError(promo.error) ? promo.error.message : 'Impossible de vérifier ce code') : null

  return (
    <aside className={styles.summary} aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title" className={styles.summaryTitle}>Récapitulatif</h2>
      <dl className={styles.rows}>
        <div>
          <dt>Sous-total ({itemCount} article{itemCount > 1 ? 's' : ''})</dt>
          <dd data-testid="cart-subtotal">{formatPrice(subtotal)}</dd>
        </div>
        <div>
          <dt>
            Livraison standard
            {quote?.where ? <span className={styles.hint}>{quote.where}</span> : null}
          </dt>
          <dd data-testid="cart-shipping">
            {zones.isPending
              ? '…'
              : quote?.fee != null
                ? quote.fee === 0
                  ? 'Offerte'
                  : formatPrice(quote.fee)
                : quote?.from != null
                  ? `Dès ${formatPrice(quote.from)}`
                  : 'Calculée à la commande'}
          </dd>
        </div>
        {discount > 0 ? (
          <div>
            <dt>Réduction ({promo.data?.code})</dt>
            <dd data-testid="cart-discount">{formatDiscount(discount)}</dd>
          </div>
        ) : null}
        <div className={styles.total}>
          <dt>{quote?.fee != null ? 'Total estimé' : 'Total hors livraison'}</dt>
          <dd data-testid="cart-total">{formatPrice(subtotal - discount + (quote?.fee ?? 0))}</dd>
        </div>
      </dl>

      <PromoCodeField loggedIn={loggedIn} applied={applied} quote={promo.data} refusal={refusal} />

      {zones.data ? (
        <div className={styles.delivery}>
          <DeliveryEstimate zones={zones.data} commune={commune} subtotal={subtotal} picker />
        </div>
      ) : null}

      <ButtonLink to="/checkout" block className={styles.checkout}>Commander</ButtonLink>
      <p className={styles.pay}>Paiement Wave ou à la livraison. Retrait en boutique gratuit.</p>
    </aside>
  )
}
