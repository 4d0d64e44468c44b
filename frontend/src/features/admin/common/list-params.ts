// Admin lists keep their filters in the address (?status=pending, ?stock=0…):
// a filtered list can be bookmarked, shared and reloaded, and the dashboard can
// link to it.

/** Admin pages show 10 items (docs/rules.md#back-office-figures). */
export const ADMIN_PAGE_SIZE = 10

/** A list's API query: page `page` of ADMIN_PAGE_SIZE items, with the filters that are set. */
export function listQueryOf<F extends { page: number }>({ page, ...filters }: F) {
  const set = Object.entries(filters).filter(([, value]) => value !== '')
  return { page, limit: ADMIN_PAGE_SIZE, ...Object.fromEntries(set) } as { page: number; limit: number } & {
    [K in Exclude<keyof F, 'page'>]?: Exclude<F[K], ''>
  }
}

/** The page number of the address: a whole number from 1, anything else is page 1. */
export function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'))
  return Number.isInteger(page) && page >= 1 ? page : 1
}

/**
 * `params` with `changes` applied (empty values removed). Changing a filter
 * goes back to page 1: page 3 of the old results means nothing for the new ones.
 */
export function withParams(params: URLSearchParams, changes: Record<string, string | number | null | undefined>): URLSearchParams {
  const next = new URLSearchParams(params)
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') next.delete(key)
    else next.set(key, String(value))
  }
  if (!('page' in changes)) next.delete('page')
  return next
}

/** The address of page `page` of a list at `pathname` with `params`; page 1 has no `page`. */
export function pageHref(pathname: string, params: URLSearchParams, page: number): string {
  const next = withParams(params, { page: page > 1 ? page : null })
  const search = next.toString()
  return search ? `${pathname}?${search}` : pathname
}
