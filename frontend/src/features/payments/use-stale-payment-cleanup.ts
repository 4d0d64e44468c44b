import { useEffect } from 'react'
import { useToast } from '@/components/ui/toast'
import { PAYMENT_MESSAGES } from './messages'
import { STALE_PENDING_MS } from './payment-config'
import { clearPendingPaymentOlderThan } from './pending-payment'

/** A pending payment older than an hour is cleaned when a checkout starts, and the shopper told. */
export function useStalePaymentCleanup(): void {
  const toast = useToast()
  useEffect(() => {
    if (clearPendingPaymentOlderThan(STALE_PENDING_MS)) toast.info(PAYMENT_MESSAGES.staleCleaned)
  }, [toast])
}
