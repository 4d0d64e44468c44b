// The filters of /admin/products live in the address (?stock=0 from the
// dashboard's sold-out card, ?search=…): one function reads them, one turns
// them into the API's query.
import { isCategorySlug } from '@/config/catalog'
import { isOneOf } from '@/lib/codes'
import { listQueryOf, pageOf } from '../common/list-params'
import { SORT_FIELDS, STOCK_FILTERS, type AdminProductsQuery, type SortField, type SortOrder, type StockFilter } from './api/get-products'

export interface ProductFilters {
  page: number
  search: string
  category: string
  stock: StockFilter | ''
  status: 'active' | 'inactive' | ''
  /**
   * `createdAt-desc`, `name-asc`… one select for field and order; '' is the
   * server's default: newest first, or best matches first while searching.
   */
  sort: string
}

export const SORT_OPTIONS: { value: string; label: string }[] = [
  { value: 'createdAt-desc', label: 'Plus récents' },
  { value: 'createdAt-asc', label: 'Plus anciens' },
  { value: 'name-asc', label: 'Nom (A → Z)' },
  { value: 'name-desc', label: 'Nom (Z → A)' },
  { value: 'price-asc', label: 'Prix croissant' },
  { value: 'price-desc', label: 'Prix décroissant' },
]

function parseSort(value: string | null): { sortBy: SortField; sortOrder: SortOrder } | null {
  const [field, order] = (value ?? '').split('-')
  if (!isOneOf(SORT_FIELDS, field) || (order !== 'asc' && order !== 'desc')) return null
  return { sortBy: field, sortOrder: order }
}

export function productFiltersOf(params: URLSearchParams): ProductFilters {
  const category = params.get('category') ?? ''
  const stock = params.get('stock') ?? ''
  const status = params.get('status') ?? ''
  const sort = params.get('sort')
  return {
    page: pageOf(params),
    search: params.get('search')?.trim() ?? '',
    category: isCategorySlug(category) ? category : '',
    stock: isOneOf(STOCK_FILTERS, stock) ? stock : '',
    status: status === 'active' || status === 'inactive' ? status : '',
    sort: sort && parseSort(sort) ? sort : '',
  }
}

/** The API's query: 10 a page, empty filters left out. */
export function productsQueryOf({ sort, ...filters }: ProductFilters): AdminProductsQuery {
  return { ...listQueryOf(filters), ...parseSort(sort) }
}
