// Pays an order that waits for its money: the server reuses the order's open
// Wave session, or opens a new one when Wave let it expire (never a second
// payment of a paid order), and the shopper goes to Wave's page.
import { useEffect, useRef, useState } from 'react'
import { useToast } from '@/components/ui/toast'
import { PAYMENT_MESSAGES } from './messages'
import { savePendingPayment } from './pending-payment'
import { InitFailure, initWithRetries } from './retry'
import { waveBrowser } from './wave-browser'

export function useResumePayment(orderId: string) {
  const toast = useToast()
  const [busy, setBusy] = useState(false)
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => void (mounted.current = false)
  }, [])

  async function resume() {
    setBusy(true)
    try {
      const session = await initWithRetries(orderId)
      savePendingPayment({ orderId, sessionId: session.sessionId, timestamp: Date.now(), amount: session.amount })
      if (session.isMock) toast.warning(PAYMENT_MESSAGES.testMode)
      waveBrowser.open(session.checkoutUrl)
    } catch (error) {
      if (error instanceof InitFailure && error.code === 'session_expired_login') return
      toast.error(error instanceof InitFailure ? error.message : PAYMENT_MESSAGES.initFailed)
    } finally {
      if (mounted.current) setBusy(false)
    }
  }

  return { busy, resume }
}
