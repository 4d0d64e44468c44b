// The pages Wave sends the shopper back to: public routes,
// one lazy chunk. The payments feature verifies with the server; the app
// tells it who is looking and refreshes what a confirmed payment changes.
import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useSession } from '@/features/auth/session-store'
import { orderKeys } from '@/features/orders/api/order-schema'
import { MobileRedirect } from '@/features/payments/components/mobile-redirect'
import { PaymentError } from '@/features/payments/components/payment-error'
import { PaymentSuccess, type Viewer } from '@/features/payments/components/payment-success'
import { usePageMeta } from '@/lib/seo'

function useViewer(): Viewer {
  const { status, user } = useSession()
  if (status === 'loading') return 'loading'
  return user ? 'customer' : 'guest'
}

export function PaymentSuccessRoute() {
  usePageMeta({ title: 'Confirmation du paiement', canonicalPath: '/payment-success', noindex: true })
  const queryClient = useQueryClient()
  // The order is paid and in progress now: lists and its page read it again.
  const onConfirmed = useCallback(() => void queryClient.invalidateQueries({ queryKey: orderKeys.all }), [queryClient])
  return <PaymentSuccess viewer={useViewer()} onConfirmed={onConfirmed} />
}

export function PaymentErrorRoute() {
  usePageMeta({ title: 'Échec du paiement', canonicalPath: '/payment-error', noindex: true })
  return <PaymentError viewer={useViewer()} />
}

export function MobileRedirectRoute() {
  usePageMeta({ title: 'Traitement du paiement', canonicalPath: '/mobile-redirect', noindex: true })
  return <MobileRedirect />
}
