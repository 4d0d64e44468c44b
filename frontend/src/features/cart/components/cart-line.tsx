// One line of the cart, in the drawer (compact) and on /cart (typed quantity,
// line total): picture, name, size (hidden when `unique`), colour, prices
// (the original struck through under a promotion), − / + bounded by 1 and the
// stock or the units a line holds (MAX_LINE_QUANTITY), and removal.
import { useId, useState, type KeyboardEvent } from 'react'
import { Link } from 'react-router'
import { TrashIcon } from '@/components/ui/icons'
import { ResponsiveImage } from '@/components/ui/responsive-image'
import { colorLabel } from '@/config/colors'
import { lineLimit } from '@/config/cart'
import { formatPrice } from '@/lib/format'
import { UNIQUE_SIZE, cappedMessage, hasPromotion, insufficientStockMessage, linePrice, type CartLine } from '../cart-model'
import styles from './cart-line.module.css'

export interface CartLineItemProps {
  line: CartLine
  /** Asks for a new quantity (already bounded by the caller's rules). */
  onQuantity: (quantity: number) => void
  onRemove: () => void
  /** The cart page: the quantity can be typed, and the line total is shown. */
  full?: boolean
  /** A link inside the line was followed (the drawer closes). */
  onNavigate?: () => void
  /** A typed quantity above the stock, or above the units a line holds, was lowered to it: why. */
  onCapped?: (message: string) => void
}

export function CartLineItem({ line, onQuantity, onRemove, full = false, onNavigate, onCapped }: CartLineItemProps) {
  const ids = useId()
  const [draft, setDraft] = useState<string | null>(null)
  const stock = line.stock
  const soldOut = stock !== undefined && stock <= 0
  const overStock = stock !== undefined && stock > 0 && line.quantity > stock
  const limit = lineLimit(stock !== undefined && stock > 0 ? stock : undefined)
  const canIncrease = line.quantity < limit && (stock === undefined || line.quantity < stock)
  // Above the stock (it fell since the line was added), − goes straight to what is left.
  const decreaseTo = overStock ? stock : line.quantity - 1
  const promo = hasPromotion(line)
  const productPath = `/product/${encodeURIComponent(line.slug || String(line.productId))}`
  const showSize = line.size.toLowerCase() !== UNIQUE_SIZE

  function commit() {
    if (draft === null) return
    setDraft(null)
    const typed = Number.parseInt(draft, 10)
    if (!Number.isFinite(typed)) return
    let next = Math.max(1, typed)
    if (next > limit) {
      next = limit
      onCapped?.(cappedMessage(stock ?? Number.POSITIVE_INFINITY))
    }
    if (next !== line.quantity) onQuantity(next)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault()
      commit()
    } else if (event.key === 'Escape' && draft !== null) {
      // Escape undoes the typing first; a second one closes the drawer.
      event.stopPropagation()
      setDraft(null)
    }
  }

  return (
    <li className={`${styles.line} ${full ? styles.full : ''}`} aria-labelledby={`${ids}-name`}>
      <Link to={productPath} className={styles.picture} onClick={onNavigate} tabIndex={-1} aria-hidden="true">
        <ResponsiveImage src={line.image} alt="" sizes={full ? '(min-width: 769px) 112px, 88px' : '80px'} width={80} height={100} />
      </Link>

      <div className={styles.info}>
        <p className={styles.name} id={`${ids}-name`}>
          <Link to={productPath} onClick={onNavigate}>{line.name}</Link>
        </p>
        <p className={styles.meta}>
          {showSize ? <span>Taille : {line.size}</span> : null}
          {line.color ? <span>Couleur : {colorLabel(line.color)}</span> : null}
        </p>
        <p className={styles.prices}>
          {promo ? (
            <>
              <span className="visually-hidden">Prix promotionnel :</span>
              <span className={styles.promo}>{formatPrice(line.promoPrice)}</span>
              <span className="visually-hidden">au lieu de</span>
              <s className={styles.original}>{formatPrice(line.price)}</s>
            </>
          ) : (
            <span>{formatPrice(line.price)}</span>
          )}
        </p>
        {soldOut ? (
          <p className={styles.warning}>Épuisé</p>
        ) : overStock ? (
          <p className={styles.warning}>{insufficientStockMessage(stock)}</p>
        ) : null}

        <div className={styles.controls}>
          <div className={styles.stepper}>
            <button
              type="button"
              aria-label={`Diminuer la quantité de ${line.name}`}
              disabled={decreaseTo < 1 || decreaseTo >= line.quantity}
              onClick={() => onQuantity(decreaseTo)}
            >
              −
            </button>
            {full ? (
              <input
                type="number"
                inputMode="numeric"
                aria-label={`Quantité de ${line.name}`}
                min={1}
                max={limit}
                step={1}
                value={draft ?? String(line.quantity)}
                onChange={(event) => setDraft(event.currentTarget.value)}
                onBlur={commit}
                onKeyDown={onKeyDown}
              />
            ) : (
              <output aria-label={`Quantité de ${line.name}`}>{line.quantity}</output>
            )}
            <button
              type="button"
              aria-label={`Augmenter la quantité de ${line.name}`}
              disabled={!canIncrease}
              onClick={() => onQuantity(line.quantity + 1)}
            >
              +
            </button>
          </div>
          <button type="button" className={styles.remove} onClick={onRemove} aria-label={`Retirer ${line.name} du panier`}>
            <TrashIcon size={18} />
            {full ? <span aria-hidden="true">Retirer</span> : null}
          </button>
        </div>
      </div>

      {full ? (
        <p className={styles.total}>
          <span className={styles.totalLabel}>Total : </span>
          {formatPrice(linePrice(line) * line.quantity)}
        </p>
      ) : null}
    </li>
  )
}
