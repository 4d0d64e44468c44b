import { Link } from 'react-router'
import { ChevronLeftIcon, ChevronRightIcon } from './icons'
import styles from './pagination.module.css'

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end'

export const MAX_PAGE_NUMBERS = 5

/**
 * Pages to show: a window of at most 5 numbers around the current page, plus
 * the first and the last page with an ellipsis where numbers are skipped.
 * 10 pages, current 5 → [1, …, 3, 4, 5, 6, 7, …, 10].
 */
export function paginationItems(current: number, total: number): PageItem[] {
  if (total <= 1) return []
  const page = Math.min(Math.max(1, Math.trunc(current) || 1), total)
  let start = Math.max(1, page - Math.floor(MAX_PAGE_NUMBERS / 2))
  const end = Math.min(total, start + MAX_PAGE_NUMBERS - 1)
  start = Math.max(1, end - MAX_PAGE_NUMBERS + 1)

  const items: PageItem[] = []
  if (start > 1) {
    items.push(1)
    if (start > 2) items.push('ellipsis-start')
  }
  for (let n = start; n <= end; n++) items.push(n)
  if (end < total) {
    if (end < total - 1) items.push('ellipsis-end')
    items.push(total)
  }
  return items
}

export interface PaginationProps {
  page: number
  totalPages: number
  /** Link target of a page: pages are real links so they can be opened, shared and crawled. */
  hrefFor: (page: number) => string
}

export function Pagination({ page, totalPages, hrefFor }: PaginationProps) {
  const items = paginationItems(page, totalPages)
  if (items.length === 0) return null

  return (
    <nav className={styles.pagination} aria-label="Pagination">
      {page > 1 ? (
        <Link className={styles.step} to={hrefFor(page - 1)} aria-label="Page précédente">
          <ChevronLeftIcon size={18} />
        </Link>
      ) : null}
      <ul className={styles.list}>
        {items.map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <Link
                className={item === page ? `${styles.page} ${styles.current}` : styles.page}
                to={hrefFor(item)}
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
              >
                {item}
              </Link>
            </li>
          ) : (
            <li key={item} className={styles.ellipsis} aria-hidden="true">…</li>
          ),
        )}
      </ul>
      {page < totalPages ? (
        <Link className={styles.step} to={hrefFor(page + 1)} aria-label="Page suivante">
          <ChevronRightIcon size={18} />
        </Link>
      ) : null}
    </nav>
  )
}
