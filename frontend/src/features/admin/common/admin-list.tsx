// The list screens of the admin (products, orders, users) are one scaffold:
// the header, a toolbar of filters kept in the address (the search first),
// the list's states (loading, failed, empty), the count, the rows (an
// AdminTable, cards on a phone) and the page links.
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { PageSpinner } from '@/components/ui/spinner'
import { adminErrorMessage } from './admin-error'
import { AdminPagination } from './admin-pagination'
import styles from './admin.module.css'
import { withParams } from './list-params'
import { LoadError, PageHeader } from './page-header'
import { SearchInput } from './search-input'
import { useErrorToast } from './use-error-toast'

/**
 * The address of a list and how to change it: `change({status: 'pending'})`
 * writes the filters (back to page 1, emptied ones dropped); `replace` keeps
 * the typed search from piling up history entries.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams()
  const change = (changes: Record<string, string | null>, replace = false) => setParams(withParams(params, changes), { replace })
  return { params, change }
}

/** A page of an admin list, as the API answers it. */
export interface ListPage<T> {
  data: T[]
  /** `totalIsLowerBound`: the server stopped counting, `totalItems` is "at least". */
  pagination: { page: number; totalPages: number; totalItems: number; totalIsLowerBound?: boolean }
}

export interface ListTexts {
  /** 'Chargement des produits…' */
  loading: string
  /** 'Erreur lors du chargement des produits' (a 4xx shows the server's sentence). */
  loadFailed: string
  /** 'Aucun produit trouvé' */
  empty: string
  /** 'produit': the count reads "1 produit", "25 produits". */
  itemName: string
}

export interface AdminListPageProps<T> {
  title: string
  subtitle: ReactNode
  /** The header's buttons (Nouveau produit…). */
  actions?: ReactNode
  /** The query of the page the address asks for. */
  list: UseQueryResult<ListPage<T>>
  /** The search box, first in the toolbar: once typing pauses it writes `search` in the address. None for a list searched by its filters only. */
  search?: { placeholder: string; value: string }
  /** The toolbar's other filters (FilterSelect…). */
  filters: ReactNode
  texts: ListTexts
  /** The rows of the page (an AdminTable). */
  table: (items: T[]) => ReactNode
  /** After the list: the screen's dialogs. */
  children?: ReactNode
}

export const countLabel = (count: number, itemName: string, lowerBound = false) =>
  `${lowerBound ? 'Au moins ' : ''}${count} ${itemName}${count > 1 ? 's' : ''}`

export function AdminListPage<T>({ title, subtitle, actions, list, search, filters, texts, table, children }: AdminListPageProps<T>) {
  const { change } = useListParams()
  const loadError = adminErrorMessage(list.error, texts.loadFailed)
  useErrorToast(list.isError, list.errorUpdatedAt, loadError)

  let content
  if (list.isPending) {
    content = <PageSpinner label={texts.loading} />
  } else if (list.isError) {
    content = <LoadError message={loadError} onRetry={() => void list.refetch()} />
  } else if (list.data.data.length === 0) {
    content = <p className={`${styles.panel} ${styles.empty}`}>{texts.empty}</p>
  } else {
    const { data: items, pagination } = list.data
    content = (
      <>
        <p className={styles.count} aria-live="polite">
          {countLabel(pagination.totalItems, texts.itemName, pagination.totalIsLowerBound)}
        </p>
        {table(items)}
        <AdminPagination page={pagination.page} totalPages={pagination.totalPages} />
      </>
    )
  }

  return (
    <section className={styles.page} aria-busy={list.isFetching || undefined}>
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      <div className={styles.toolbar}>
        {search ? (
          <SearchInput label="Rechercher" placeholder={search.placeholder} value={search.value} onSearch={(text) => change({ search: text }, true)} />
        ) : null}
        {filters}
      </div>
      {content}
      {children}
    </section>
  )
}

export interface FilterOption {
  value: string
  label: string
}

/** A select of the toolbar; its first option, '' (`anyLabel`: 'Tous', 'Toutes'…), filters nothing. */
export function FilterSelect({ label, value, anyLabel, options, onChange }: {
  label: string
  value: string
  anyLabel: string
  options: readonly FilterOption[]
  onChange: (value: string) => void
}) {
  return (
    <label className={styles.control}>
      {label}
      <select className={styles.input} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>{option.label}</option>
        ))}
      </select>
    </label>
  )
}
