import { formatPrice } from '@/lib/format'
import type { Product } from '../api/product-schema'
import { discountPercent } from '../product-options'
import styles from './product-price.module.css'

/** '12 500 FCFA', or the promotional price beside the struck original. */
export function ProductPrice({ product, large = false }: { product: Pick<Product, 'price' | 'promoPrice' | 'onPromotion'>; large?: boolean }) {
  const discount = discountPercent(product.price, product.promoPrice, product.onPromotion)
  return (
    <p className={`${styles.prices} ${large ? styles.large : ''}`}>
      {discount !== null ? (
        <>
          <span className="visually-hidden">Prix promotionnel :</span>
          <span className={styles.promo}>{formatPrice(product.promoPrice)}</span>
          <span className="visually-hidden">au lieu de</span>
          <s className={styles.original}>{formatPrice(product.price)}</s>
        </>
      ) : (
        <span className={styles.price}>{formatPrice(product.price)}</span>
      )}
    </p>
  )
}

/** '-20%' badge, or nothing without a real promotion. */
export function DiscountBadge({ product, className }: { product: Pick<Product, 'price' | 'promoPrice' | 'onPromotion'>; className?: string }) {
  const discount = discountPercent(product.price, product.promoPrice, product.onPromotion)
  if (discount === null) return null
  return <span className={`${styles.badge} ${className ?? ''}`}>-{discount}%</span>
}
