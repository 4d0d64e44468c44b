import { LISTING_PRIORITY_CARDS } from '@/config/first-paint'
import type { Product } from '../api/product-schema'
import { ProductCard, ProductCardSkeleton, type CardImageLoading } from './product-card'
import styles from './product-grid.module.css'

/**
 * `aboveFold`: cards whose pictures are on the first screen (a listing's first
 * row): the first `LISTING_PRIORITY_CARDS` (a phone's first row) are fetched first, the
 * others eagerly.
 */
export function ProductGrid({ products, aboveFold = 0, imageSizes }: { products: Product[]; aboveFold?: number; imageSizes?: string }) {
  const loading = (index: number): CardImageLoading => (index < Math.min(LISTING_PRIORITY_CARDS, aboveFold) ? 'priority' : index < aboveFold ? 'eager' : 'lazy')
  return (
    <ul className={styles.grid}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} imageLoading={loading(index)} imageSizes={imageSizes} />
        </li>
      ))}
    </ul>
  )
}

export function ProductGridSkeleton({ count }: { count: number }) {
  return (
    <div className={styles.grid} role="presentation">
      {Array.from({ length: count }, (_, i) => (
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  )
}
