// The recovery watcher's first-load part: on every shop page
// but the payment, checkout and mobile-redirect ones, a pending payment in
// storage wakes the watcher, which is its own lazy chunk. Without one (the
// usual case) nothing more is downloaded.
import { lazy, Suspense } from 'react'
import { DISCARD_PENDING_MS } from '../payment-config'
import { clearPendingPaymentOlderThan, readPendingPayment } from '../pending-payment'

const RecoveryWatcher = lazy(() => import('./recovery-watcher'))

const SKIPPED = /payment|checkout|mobile-redirect/

export function PaymentRecovery({ pathname, loggedIn }: { pathname: string; loggedIn: boolean }) {
  // The status of a payment is told to its customer only.
  if (!loggedIn || SKIPPED.test(pathname)) return null
  // Over 2 hours, a pending payment is forgotten.
  if (clearPendingPaymentOlderThan(DISCARD_PENDING_MS)) return null
  const record = readPendingPayment()
  if (!record) return null
  return (
    <Suspense fallback={null}>
      <RecoveryWatcher {...record} onHome={pathname === '/'} />
    </Suspense>
  )
}
