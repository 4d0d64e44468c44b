import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useId, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { Drawer } from '@/components/ui/drawer'
import { Pagination } from '@/components/ui/pagination'
import { CARD_IMAGE_SIZES_WITH_SIDEBAR, LISTING_FIRST_CARDS, LISTING_PARAMS } from '@/config/first-paint'
import { isApiError } from '@/lib/api-client'
import { DESKTOP_QUERY, useMediaQuery } from '@/lib/use-media-query'
import { productsQueryOptions, type ProductQuery, type Sort } from '../api/get-products'
import {
  activeFilterCount,
  filterChips,
  listingHeading,
  listingHref,
  pageHref,
  resultCountLabel,
  withFilters,
  withoutFilters,
  type ListingFilters,
} from '../listing-params'
import { ActiveFilters } from './active-filters'
import { ProductFilters } from './product-filters'
import { ProductGrid, ProductGridSkeleton } from './product-grid'
import styles from './product-listing.module.css'

export const LOAD_ERROR = 'Impossible de charger les produits. Veuillez réessayer plus tard.'
export const EMPTY_RESULT = 'Aucun produit ne correspond à vos critères.'
// Fetched only when a search finds nothing: WhatsApp's links would otherwise join the chunk the
// pages the server paints share with /checkout and the others.
const SearchHelp = lazy(() => import('./search-help'))

/** Filter changes keep the scroll position (ScrollToTop reads this); page changes start at the top. */
export const KEEP_SCROLL = { keepScroll: true } as const

export interface ProductListingProps {
  /** What is asked of the API. */
  query: ProductQuery
  /** The part of the state that lives in this page's address (all of it on /products; all but the category on a category page). */
  urlQuery: ProductQuery
  /** The page's path: /products, /category/vetement… */
  path: string
  /** Heading; defaults to the one chosen by the active filter. */
  heading?: string
  /**
   * Where the filters are: `sidebar` beside the results on a wide screen and in a drawer on a
   * phone (/products, its category among them); `drawer` in a drawer at every width, opened by
   * « Filtrer » (a category page, whose category is its address).
   */
  filters?: 'sidebar' | 'drawer'
}

/**
 * A listing page: heading, result count, sort, grid, pagination, and on
 * /products the filters. Every change is a navigation to the address of the
 * new state, so reload and back/forward restore it.
 */
export function ProductListing({ query, urlQuery, path, heading, filters: placement }: ProductListingProps) {
  const navigate = useNavigate()
  const [searchParams, setSearchParams] = useSearchParams()
  const isDesktop = useMediaQuery(DESKTOP_QUERY)
  const [drawerOpen, setDrawerOpen] = useState(false)
  // The previous page stays on screen (dimmed) while the next one loads: no flash of skeletons.
  const result = useQuery({ ...productsQueryOptions(query), placeholderData: keepPreviousData })

  // The server refused a parameter our parsing let through: drop it from the address and go on.
  const error = result.error
  useEffect(() => {
    if (!isApiError(error) || error.code !== 'invalid_query') return
    const blamed = Object.keys(error.fields).filter((name) => LISTING_PARAMS.some((param) => param === name) && searchParams.has(name))
    if (blamed.length === 0) return
    const next = new URLSearchParams(searchParams)
    blamed.forEach((name) => next.delete(name))
    setSearchParams(next, { replace: true })
  }, [error, searchParams, setSearchParams])

  // The router commits a navigation in a transition, a moment after the click: until then the
  // controls show the state asked for (a checkbox never flickers back), and a second quick
  // change builds on the first instead of undoing it.
  const [asked, setAsked] = useState<{ base: ProductQuery; next: ProductQuery } | null>(null)
  const current = asked && asked.base === urlQuery ? asked.next : urlQuery
  const go = (next: ProductQuery) => {
    setAsked({ base: urlQuery, next })
    void navigate(listingHref(next, path), { state: KEEP_SCROLL })
  }
  const update = (patch: Partial<ListingFilters>) => go(withFilters(current, patch))
  const reset = () => go(withoutFilters(current))

  const title = heading ?? listingHeading(query)
  const data = result.data
  const page = query.page ?? 1
  const filterCount = activeFilterCount(current)
  // On a category page the filters (and their counts) are of its category, which is not theirs to change.
  const fixedCategory = placement === 'drawer'
  const filtered = fixedCategory ? { ...current, category: query.category, subcategory: query.subcategory } : current
  const filters = placement ? (
    <ProductFilters query={filtered} onChange={update} onReset={reset} withCategories={!fixedCategory} />
  ) : null
  const sidebar = placement === 'sidebar' && isDesktop
  const filterLabel = fixedCategory ? 'Filtrer' : 'Filtres'

  return (
    <div className={`container ${styles.layout} ${sidebar ? styles.withFilters : ''}`}>
      {filters && sidebar ? (
        <aside className={styles.sidebar} aria-label="Filtres">
          {filters}
        </aside>
      ) : null}
      <section className={styles.results} aria-labelledby="listing-heading">
        <header className={styles.header}>
          <h1 id="listing-heading" className={styles.title}>{title}</h1>
          <div className={styles.toolbar}>
            <p className={styles.count} aria-live="polite">
              {data ? resultCountLabel(data.pagination.totalItems, data.pagination.totalIsLowerBound) : '\u00a0'}
            </p>
            <div className={styles.controls}>
              {filters && !sidebar ? (
                <Button
                  variant="secondary"
                  className={styles.filterButton}
                  onClick={() => setDrawerOpen(true)}
                  aria-haspopup="dialog"
                  aria-label={filterCount > 0 ? `${filterLabel}, ${filterCount} actif${filterCount > 1 ? 's' : ''}` : undefined}
                >
                  {filterLabel}{' '}
                  {filterCount > 0 ? <span className={styles.filterCount} aria-hidden="true">{filterCount}</span> : null}
                </Button>
              ) : null}
              <SortSelect
                value={current.sort ?? (query.search ? 'relevance' : 'newest')}
                searching={Boolean(query.search)}
                // The default order is not written in the address.
                onChange={(sort) => update({ sort: sort === (query.search ? 'relevance' : 'newest') ? undefined : sort })}
              />
            </div>
          </div>
          {placement ? <ActiveFilters chips={filterChips(current, !fixedCategory)} onRemove={update} onClear={reset} /> : null}
        </header>

        {result.isPending ? <ProductGridSkeleton count={8} /> : null}
        {result.isError ? (
          <p className={styles.message} role="alert">{LOAD_ERROR}</p>
        ) : null}
        {data && !result.isError && data.data.length === 0 ? (
          <div className={styles.message}>
            <p>{EMPTY_RESULT}</p>
            {page > 1 && data.pagination.totalItems > 0 ? (
              <p><Link to={pageHref(urlQuery, 1, path)}>Revenir à la première page</Link></p>
            ) : (
              <>
                {filters && filterCount > 0 ? (
                  <p><button type="button" className={styles.linkButton} onClick={reset}>Réinitialiser les filtres</button></p>
                ) : null}
                {query.search ? (
                  <Suspense fallback={null}>
                    <SearchHelp search={query.search} />
                  </Suspense>
                ) : null}
              </>
            )}
          </div>
        ) : null}
        {data && !result.isError && data.data.length > 0 ? (
          <div className={result.isPlaceholderData ? styles.stale : undefined} aria-busy={result.isPlaceholderData || undefined}>
            <ProductGrid
              products={data.data}
              aboveFold={LISTING_FIRST_CARDS}
              imageSizes={sidebar ? CARD_IMAGE_SIZES_WITH_SIDEBAR : undefined}
            />
            <Pagination page={page} totalPages={data.pagination.totalPages} hrefFor={(n) => pageHref(urlQuery, n, path)} />
          </div>
        ) : null}
      </section>

      {filters && !sidebar ? (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          title="Filtres"
          side="left"
          footer={
            <Button block onClick={() => setDrawerOpen(false)}>
              {data ? `Voir ${resultCountLabel(data.pagination.totalItems, data.pagination.totalIsLowerBound)}` : 'Voir les produits'}
            </Button>
          }
        >
          {filters}
        </Drawer>
      ) : null}
    </div>
  )
}

const SORT_LABELS: Record<Sort, string> = {
  newest: 'Plus récents',
  'price-asc': 'Prix croissant',
  'price-desc': 'Prix décroissant',
  relevance: 'Pertinence',
}

function SortSelect({ value, searching, onChange }: { value: Sort; searching: boolean; onChange: (sort: Sort) => void }) {
  const id = useId()
  const options: Sort[] = searching ? ['relevance', 'newest', 'price-asc', 'price-desc'] : ['newest', 'price-asc', 'price-desc']
  return (
    <div className={styles.sort}>
      <label htmlFor={id}>Trier par</label>
      <select id={id} name="sort" value={value} onChange={(event) => onChange(event.currentTarget.value as Sort)}>
        {options.map((sort) => (
          <option key={sort} value={sort}>{SORT_LABELS[sort]}</option>
        ))}
      </select>
    </div>
  )
}
