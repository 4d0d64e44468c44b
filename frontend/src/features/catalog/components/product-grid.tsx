import type { Product } from '../api/product-schema'
import { ProductCard, ProductCardSkeleton } from './product-card'
import styles from './product-grid.module.css'

export function ProductGrid({ products }: { products: Product[] }) {
  return (
    <ul className={styles.grid}>
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} />
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
