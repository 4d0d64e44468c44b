import { useQueryClient } from '@tanstack/react-query'
import { Suspense } from 'react'
import { Outlet, useLocation } from 'react-router'
import { Footer } from '@/components/layout/footer'
import { Header } from '@/components/layout/header'
import { PageSpinner } from '@/components/ui/spinner'
import { logout, useSession } from '@/features/auth/session-store'
import { useCartCount } from '@/features/cart/local-cart'
import { NewsletterForm } from '@/features/newsletter/components/newsletter-form'
import { ErrorBoundary } from '../error-boundary'
import { ScrollToTop } from './scroll-to-top'

/** The storefront frame: features are wired into the shared header and footer here. */
export function ShopLayout() {
  const session = useSession()
  const cartCount = useCartCount()
  const queryClient = useQueryClient()
  const { pathname } = useLocation()

  return (
    <>
      <a href="#main" className="skip-link">Aller au contenu</a>
      <ScrollToTop />
      <Header
        user={session.user}
        sessionLoading={session.status === 'loading'}
        cartCount={cartCount}
        onLogout={() => {
          logout()
          // What the previous user saw (orders, profile) must not be shown to the next one.
          queryClient.clear()
        }}
      />
      <main id="main" tabIndex={-1}>
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Footer newsletter={<NewsletterForm />} />
    </>
  )
}
