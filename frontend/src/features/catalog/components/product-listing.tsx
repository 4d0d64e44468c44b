import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { Pagination } from '@/components/ui/pagination'
import { useProducts, type ProductQuery } from '../api/get-products'
import { listingHeading, pageHref, resultCountLabel } from '../listing-params'
import { ProductGrid, ProductGridSkeleton } from './product-grid'
import styles from './product-listing.module.css'

export const LOAD_ERROR = 'Impossible de charger les produits. Veuillez réessayer plus tard.'
export const EMPTY_RESULT = 'Aucun produit ne correspond à vos critères.'

/**
 * The listing body of /products: heading, count, grid, pagination. The filter
 * sidebar and the sort selector (later issue) plug into the `filters` and
 * `toolbar` slots without changing this component's data flow.
 */
export function ProductListing({ query, filters, toolbar }: { query: ProductQuery; filters?: ReactNode; toolbar?: ReactNode }) {
  const [searchParams] = useSearchParams()
  const result = useProducts(query)
  const heading = listingHeading(query)

  return (
    <div className={`container ${styles.layout} ${filters ? styles.withFilters : ''}`}>
      {filters ? <aside className={styles.filters} aria-label="Filtres">{filters}</aside> : null}
      <section className={styles.results} aria-labelledby="listing-heading">
        <header className={styles.header}>
          <h1 id="listing-heading" className={styles.title}>{heading}</h1>
          <div className={styles.toolbar}>
            <p className={styles.count} aria-live="polite">
              {result.isSuccess ? resultCountLabel(result.data.pagination.totalItems) : '\u00a0'}
            </p>
            {toolbar}
          </div>
        </header>

        {result.isPending ? <ProductGridSkeleton count={8} /> : null}
        {result.isError ? <p className={styles.message} role="alert">{LOAD_ERROR}</p> : null}
        {result.isSuccess && result.data.data.length === 0 ? <p className={styles.message}>{EMPTY_RESULT}</p> : null}
        {result.isSuccess && result.data.data.length > 0 ? (
          <>
            <ProductGrid products={result.data.data} />
            <Pagination
              page={query.page ?? 1}
              totalPages={result.data.pagination.totalPages}
              hrefFor={(page) => pageHref(searchParams, page)}
            />
          </>
        ) : null}
      </section>
    </div>
  )
}
