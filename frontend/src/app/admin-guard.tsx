import { useRef, type ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { PageSpinner } from '@/components/ui/spinner'
import { useSession } from '@/features/auth/session-store'
import { SESSION_EXPIRED_PATH } from '@/lib/api-client'

/**
 * Not logged in → /login, logged in without the admin role →
 * /unauthorized. Lives in the main chunk so a shopper who lands on /admin is
 * turned away without downloading the admin code. The server enforces roles;
 * this only keeps the UI honest.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { status, user, ended } = useSession()
  const location = useLocation()
  // Logging out on a guarded page goes home, not to /login: the
  // router applies navigations as transitions, after the session change.
  const hadUser = useRef(false)
  if (user) hadUser.current = true
  if (status === 'loading') return <PageSpinner label="Chargement…" />
  if (!user && ended === 'logout' && hadUser.current) return <Navigate to="/" replace />
  if (!user) {
    return <Navigate to={ended === 'expired' ? SESSION_EXPIRED_PATH : '/login'} replace state={{ from: location.pathname + location.search }} />
  }
  if (user.role !== 'admin') return <Navigate to="/unauthorized" replace />
  return <>{children}</>
}
