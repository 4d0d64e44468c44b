// /cart: the full cart: quantities (− / + and a typed value
// within 1..stock), removal, clearing after confirmation, the subtotal, the
// delivery estimate by the rule checkout applies (the server's standard fee,
// free from its threshold: the old 5.99 is gone), and the way to /checkout.
import { Link } from 'react-router'
import { Button, ButtonLink } from '@/components/ui/button'
import { useConfirm } from '@/components/ui/confirm'
import { TrashIcon } from '@/components/ui/icons'
import { PageSpinner } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import { formatPrice } from '@/lib/format'
import { estimateShipping, shippingFee, useShippingInfo } from '@/lib/shipping-info'
import { CLEAR_CONFIRM } from '../cart-model'
import { useCartActions } from '../cart-store'
import { CartLineItem } from './cart-line'
import { CartError, EmptyCart } from './cart-status'
import styles from './cart-page.module.css'

export const CART_PAGE_TITLE = 'Mon panier'

export function CartPage() {
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
          <CartSummary subtotal={cart.cart.subtotal} itemCount={itemCount} />
        </div>
      )}
    </div>
  )
}

/** Subtotal, delivery estimate and total: what checkout will start from. */
export function CartSummary({ subtotal, itemCount }: { subtotal: number; itemCount: number }) {
  const shipping = useShippingInfo()
  const info = shipping.data
  const estimate = info ? estimateShipping(info, subtotal) : null
  const others = info && estimate ? info.methods.filter((m) => m.code !== estimate.method.code) : []

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
            {estimate ? estimate.method.label : 'Livraison'}
            {estimate ? <span className={styles.hint}>{estimate.method.description}</span> : null}
          </dt>
          <dd data-testid="cart-shipping">
            {shipping.isPending ? '…' : estimate ? (estimate.fee === 0 ? 'Offerte' : formatPrice(estimate.fee)) : 'Calculée à la commande'}
          </dd>
        </div>
        <div className={styles.total}>
          <dt>{estimate ? 'Total estimé' : 'Total hors livraison'}</dt>
          <dd data-testid="cart-total">{formatPrice(subtotal + (estimate?.fee ?? 0))}</dd>
        </div>
      </dl>

      {estimate && info && estimate.missingForFree !== null ? (
        <div className={styles.free}>
          <p className={styles.freeText}>
            {estimate.free
              ? `${estimate.method.label} offerte : votre panier atteint ${formatPrice(info.freeDeliveryThreshold)}.`
              : `Plus que ${formatPrice(estimate.missingForFree)} d’achat pour la ${estimate.method.label.toLowerCase()} offerte (dès ${formatPrice(info.freeDeliveryThreshold)}).`}
          </p>
          <div className={styles.progress} aria-hidden="true">
            <span style={{ width: `${Math.min(100, (subtotal / Math.max(1, info.freeDeliveryThreshold)) * 100)}%` }} />
          </div>
        </div>
      ) : null}

      {info && others.length > 0 ? (
        <p className={styles.others}>
          Au choix lors de la commande :{' '}
          {others
            .map((m) => {
              const fee = shippingFee(m, subtotal, info)
              return `${m.label.toLowerCase()} (${fee === 0 ? 'gratuit' : formatPrice(fee)})`
            })
            .join(', ')}
          .
        </p>
      ) : null}

      <ButtonLink to="/checkout" block className={styles.checkout}>Commander</ButtonLink>
      <p className={styles.pay}>Paiement Wave ou à la livraison.</p>
    </aside>
  )
}
