import type { UseQueryResult } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useId } from 'react'
import type { Product } from '../api/product-schema'
import { ProductGrid, ProductGridSkeleton } from './product-grid'
import styles from './product-section.module.css'

interface ProductSectionProps {
  title: string
  subtitle?: string
  link?: { to: string; label: string }
  query: UseQueryResult<Product[]>
  skeletonCount: number
}

/**
 * A home-page strip of products. When its endpoint fails (404 while the
 * catalogue is not there, 5xx, bad data) or returns nothing, the whole section
 * disappears: the home page never shows a broken block.
 */
export function ProductSection({ title, subtitle, link, query, skeletonCount }: ProductSectionProps) {
  const headingId = useId()
  if (query.isError) return null
  if (query.isSuccess && query.data.length === 0) return null

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className="container">
        <header className={styles.header}>
          <div>
            <h2 id={headingId} className={styles.title}>{title}</h2>
            {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
          </div>
          {link ? <Link to={link.to} className={styles.more}>{link.label}</Link> : null}
        </header>
        {query.isSuccess ? <ProductGrid products={query.data} /> : <ProductGridSkeleton count={skeletonCount} />}
      </div>
    </section>
  )
}
