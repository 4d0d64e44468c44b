import { Link } from 'react-router'
import { formatPrice } from '@/lib/format'
import type { Product } from '../api/product-schema'
import styles from './product-card.module.css'

export const PLACEHOLDER_IMAGE = '/images/placeholder.jpg'

/** Rounded percentage off, or null when there is no real promotion. */
export function discountPercent(price: number, promoPrice: number | null | undefined, onPromotion: boolean): number | null {
  if (!onPromotion || promoPrice == null || price <= 0 || promoPrice >= price) return null
  return Math.round(((price - promoPrice) / price) * 100)
}

export function ProductCard({ product }: { product: Product }) {
  const discount = discountPercent(product.price, product.promoPrice, product.onPromotion)
  const image = product.images[0] || PLACEHOLDER_IMAGE

  return (
    <article className={styles.card}>
      <Link to={`/product/${encodeURIComponent(product.slug)}`} className={styles.link}>
        <div className={styles.media}>
          <img
            src={image}
            alt={product.name}
            width={600}
            height={750}
            loading="lazy"
            decoding="async"
            onError={(event) => {
              // A missing upload shows the placeholder instead of a broken icon.
              const img = event.currentTarget
              if (!img.src.endsWith(PLACEHOLDER_IMAGE)) img.src = PLACEHOLDER_IMAGE
            }}
          />
          {discount !== null ? <span className={styles.badge}>-{discount}%</span> : null}
        </div>
        <h3 className={styles.name}>{product.name}</h3>
        <p className={styles.prices}>
          {discount !== null ? (
            <>
              <span className="visually-hidden">Prix promotionnel :</span>
              <span className={styles.promo}>{formatPrice(product.promoPrice)}</span>
              <span className="visually-hidden">au lieu de</span>
              <s className={styles.original}>{formatPrice(product.price)}</s>
            </>
          ) : (
            <span className={styles.price}>{formatPrice(product.price)}</span>
          )}
        </p>
      </Link>
    </article>
  )
}

/** Grey boxes of the card's size, so the grid does not jump when data arrives. */
export function ProductCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <div className={`${styles.media} ${styles.skeleton}`} />
      <div className={`${styles.skeletonLine} ${styles.skeleton}`} />
      <div className={`${styles.skeletonLine} ${styles.short} ${styles.skeleton}`} />
    </div>
  )
}
