import { useLocation, useSearchParams } from 'react-router'
import { Pagination } from '@/components/ui/pagination'
import { pageHref } from './list-params'

/** Page links of an admin list; nothing when there is a single page. */
export function AdminPagination({ page, totalPages }: { page: number; totalPages: number }) {
  const { pathname } = useLocation()
  const [params] = useSearchParams()
  return <Pagination page={page} totalPages={totalPages} hrefFor={(n) => pageHref(pathname, params, n)} />
}
