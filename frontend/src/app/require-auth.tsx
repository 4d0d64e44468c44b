import { useRef, type ReactNode } from 'react'
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router'
import { PageSpinner } from '@/components/ui/spinner'
import { useSession } from '@/features/auth/session-store'
import { SESSION_EXPIRED_PATH } from '@/lib/api-client'
import { orderKeyOf, rememberOrderKey } from '@/lib/order-keys'

/** The guard's text while the session is checked, exactly as written. */
export const SESSION_LOADING_TEXT = 'Loading...'

/**
 * The logged-in guard: account, orders, orders/{id} and
 * checkout go through it. While the stored session is being checked it shows
 * 'Loading...'; a visitor is sent to /login (/login?session=expired when the
 * server ended the session), which brings them back here
 * (router state `from`) once logged in. The server checks every call anyway.
 *
 *   { path: 'orders', element: <RequireAuth><Orders /></RequireAuth> }
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, user, ended } = useSession()
  const location = useLocation()
  // Logging out on a guarded page goes home, not to /login: the
  // router applies navigations as transitions, after the session change.
  const hadUser = useRef(false)
  if (user) hadUser.current = true
  if (status === 'loading') return <PageSpinner label={SESSION_LOADING_TEXT} showLabel />
  if (!user && ended === 'logout' && hadUser.current) return <Navigate to="/" replace />
  if (!user) {
    // Same target as the API client's 401 rule, so the two never disagree about where to go.
    const to = ended === 'expired' ? SESSION_EXPIRED_PATH : '/login'
    return <Navigate to={to} replace state={{ from: location.pathname + location.search + location.hash }} />
  }
  return <>{children}</>
}

/**
 * The guard of one order's pages (`orders/:id`): its own key opens it without logging in, from
 * the link (`?k=`, kept by this browser from then on) or kept since the order was placed here;
 * otherwise the logged-in guard. The server checks the key on every call.
 */
export function RequireAuthOrOrderKey({ children }: { children: ReactNode }) {
  const { id = '' } = useParams()
  const [search] = useSearchParams()
  const fromLink = search.get('k')?.trim() ?? ''
  const kept = useRef(false)
  if (fromLink && !kept.current) {
    rememberOrderKey(id, fromLink)
    kept.current = true
  }
  if (fromLink || orderKeyOf(id)) return <>{children}</>
  return <RequireAuth>{children}</RequireAuth>
}
