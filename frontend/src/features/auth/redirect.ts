// Where to send a shopper after logging in: where they came from (router state
// `from`, set by the guards), else `?redirect=`, else home. Only paths of this
// site: an address from the query string must not send anyone elsewhere.
const AUTH_PATHS = ['/login', '/register', '/forgot-password', '/reset-password']

/**
 * The back office's two-step login screen, where a role held to it is sent until it is on (the
 * admin area's `TWO_FACTOR_PATH`, written twice so that neither side's chunks pull in the other's).
 */
export const TWO_FACTOR_PATH = '/admin/two-factor'

export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null
  let url: URL
  try {
    url = new URL(value, window.location.origin)
  } catch {
    return null
  }
  if (url.origin !== window.location.origin) return null
  if (AUTH_PATHS.some((path) => url.pathname === path || url.pathname.startsWith(`${path}/`))) return null
  return `${url.pathname}${url.search}${url.hash}`
}

function fromState(state: unknown): unknown {
  if (!state || typeof state !== 'object' || !('from' in state)) return undefined
  const from = (state as { from: unknown }).from
  if (from && typeof from === 'object' && 'pathname' in from) {
    const { pathname, search = '', hash = '' } = from as { pathname: string; search?: string; hash?: string }
    return `${pathname}${search}${hash}`
  }
  return from
}

export function redirectTarget(state: unknown, search: URLSearchParams): string {
  return safeRedirectPath(fromState(state)) ?? safeRedirectPath(search.get('redirect')) ?? '/'
}

/** Where a login lands: the two-step login set-up first when the role must turn it on. */
export function landingAfterLogin(user: { twoFactorSetupRequired?: boolean } | null, state: unknown, search: URLSearchParams): string {
  return user?.twoFactorSetupRequired ? TWO_FACTOR_PATH : redirectTarget(state, search)
}
