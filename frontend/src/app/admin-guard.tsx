import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { PageSpinner } from '@/components/ui/spinner'
import { useSession } from '@/features/auth/session-store'

/**
 * Seed 001 §6: not logged in → /login, logged in without the admin role →
 * /unauthorized. Lives in the main chunk so a shopper who lands on /admin is
 * turned away without downloading the admin code. The server enforces roles;
 * this only keeps the UI honest.
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { status, user } = useSession()
  const location = useLocation()
  if (status === 'loading') return <PageSpinner label="Chargement…" />
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />
  if (user.role !== 'admin') return <Navigate to="/unauthorized" replace />
  return <>{children}</>
}
