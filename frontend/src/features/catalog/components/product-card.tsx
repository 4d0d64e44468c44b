import { Link } from 'react-router'
import { ResponsiveImage } from '@/components/ui/responsive-image'
import { CARD_IMAGE_SIZES } from '@/config/first-paint'
import type { Product } from '../api/product-schema'
import { DiscountBadge, ProductPrice } from './product-price'
import styles from './product-card.module.css'

/** How a card's picture loads: `priority` for the likely LCP, `eager` above the fold, else lazy. */
export type CardImageLoading = 'priority' | 'eager' | 'lazy'

export function ProductCard({
  product,
  imageLoading = 'lazy',
  imageSizes = CARD_IMAGE_SIZES,
}: {
  product: Product
  imageLoading?: CardImageLoading
  imageSizes?: string
}) {
  return (
    <article className={styles.card}>
      <Link to={`/product/${encodeURIComponent(product.slug)}`} className={styles.link}>
        <div className={styles.media}>
          <ResponsiveImage
            src={product.images[0]}
            alt={product.name}
            sizes={imageSizes}
            width={800}
            height={800}
            priority={imageLoading === 'priority'}
            loading={imageLoading === 'lazy' ? 'lazy' : 'eager'}
          />
          <DiscountBadge product={product} className={styles.badge} />
        </div>
        <h3 className={styles.name}>{product.name}</h3>
        <ProductPrice product={product} />
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
