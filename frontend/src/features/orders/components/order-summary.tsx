// The lines and totals of an order, shared by the checkout's recap (from the
// cart, before the order exists) and the order pages (as the server priced it).
import { ResponsiveImage } from '@/components/ui/responsive-image'
import { colorLabel } from '@/config/colors'
import { formatDiscount, formatPrice } from '@/lib/format'
import styles from './order-summary.module.css'

export interface SummaryLine {
  key: string
  name: string
  image?: string
  size?: string
  color?: string
  quantity: number
  /** Unit price paid, in FCFA. */
  unitPrice: number
}

/** `unique` is the size of accessories: not shown. */
const shownSize = (size?: string) => (size && size.toLowerCase() !== 'unique' ? size : null)

export function OrderLines({ lines, label = 'Articles' }: { lines: SummaryLine[]; label?: string }) {
  return (
    <ul className={styles.lines} aria-label={label}>
      {lines.map((line) => {
        const size = shownSize(line.size)
        return (
          <li key={line.key} className={styles.line}>
            <ResponsiveImage className={styles.picture} src={line.image} alt="" sizes="64px" width={64} height={64} />
            <div className={styles.info}>
              <p className={styles.name}>{line.name}</p>
              <p className={styles.meta}>
                {size ? <span>Taille : {size}</span> : null}
                {line.color ? <span>Couleur : {colorLabel(line.color)}</span> : null}
                <span>Quantité : {line.quantity}</span>
              </p>
            </div>
            <p className={styles.price}>
              {formatPrice(line.unitPrice * line.quantity)}
              {line.quantity > 1 ? <span className={styles.unit}>{formatPrice(line.unitPrice)} l’unité</span> : null}
            </p>
          </li>
        )
      })}
    </ul>
  )
}

export interface TotalsProps {
  subtotal: number
  /** The delivery method's label and its fee; null fee while unknown. */
  shipping: { label: string; cost: number | null }
  discount?: number
  /** The promo code that gave the discount. */
  promoCode?: string | null
  total: number
  totalLabel?: string
}

export function OrderTotals({ subtotal, shipping, discount = 0, promoCode = null, total, totalLabel = 'Total' }: TotalsProps) {
  return (
    <dl className={styles.totals}>
      <div>
        <dt>Sous-total</dt>
        <dd data-testid="order-subtotal">{formatPrice(subtotal)}</dd>
      </div>
      <div>
        <dt>{shipping.label}</dt>
        <dd data-testid="order-shipping">{shipping.cost === null ? '…' : shipping.cost === 0 ? 'Offerte' : formatPrice(shipping.cost)}</dd>
      </div>
      {discount > 0 ? (
        <div>
          <dt>Réduction{promoCode ? ` (${promoCode})` : ''}</dt>
          <dd data-testid="order-discount">{formatDiscount(discount)}</dd>
        </div>
      ) : null}
      <div className={styles.total}>
        <dt>{totalLabel}</dt>
        <dd data-testid="order-total">{formatPrice(total)}</dd>
      </div>
    </dl>
  )
}
