import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ConfirmProvider } from '@/components/ui/confirm'
import { ToastProvider } from '@/components/ui/toast'
import { useSession } from '@/features/auth/session-store'
import { CartProvider } from '@/features/cart/cart-store'

/** The cart follows the session: a guest cart, or the logged-in customer's (merged on login). */
function CartForSession({ children }: { children: ReactNode }) {
  const session = useSession()
  const customerId = session.status === 'authenticated' && session.user ? String(session.user.id) : null
  return <CartProvider customerId={customerId}>{children}</CartProvider>
}

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <ConfirmProvider>
          <CartForSession>{children}</CartForSession>
        </ConfirmProvider>
      </ToastProvider>
    </QueryClientProvider>
  )
}
