import { useRef, type ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { PageSpinner } from '@/components/ui/spinner'
import { useSession } from '@/features/auth/session-store'
import { SESSION_EXPIRED_PATH } from '@/lib/api-client'
import { isStaff } from '@/lib/permissions'

/**
 * Not logged in → /login, logged in as a customer → /unauthorized (the team's roles get in,
 * each seeing its own work). Lives in the main chunk so a shopper who lands on /admin is
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
  if (!isStaff(user.role)) return <Navigate to="/unauthorized" replace />
  return <>{children}</>
}
