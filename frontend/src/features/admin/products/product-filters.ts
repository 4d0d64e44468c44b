// The filters of /admin/products live in the address (?stock=0 from the
// dashboard's sold-out card, ?search=…): one function reads them, one turns
// them into the API's query.
import { isCategorySlug } from '@/config/catalog'
import { ADMIN_PAGE_SIZE, pageOf } from '../common/list-params'
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
  if (!(SORT_FIELDS as readonly string[]).includes(field ?? '')) return null
  if (order !== 'asc' && order !== 'desc') return null
  return { sortBy: field as SortField, sortOrder: order }
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
    stock: (STOCK_FILTERS as readonly string[]).includes(stock) ? (stock as StockFilter) : '',
    status: status === 'active' || status === 'inactive' ? status : '',
    sort: sort && parseSort(sort) ? sort : '',
  }
}

/** The API's query: 10 a page, empty filters left out. */
export function productsQueryOf(filters: ProductFilters): AdminProductsQuery {
  const query: AdminProductsQuery = { page: filters.page, limit: ADMIN_PAGE_SIZE }
  if (filters.search) query.search = filters.search
  if (filters.category) query.category = filters.category
  if (filters.stock) query.stock = filters.stock
  if (filters.status) query.status = filters.status
  const sort = parseSort(filters.sort)
  if (sort) Object.assign(query, sort)
  return query
}
