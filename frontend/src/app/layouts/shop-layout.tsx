import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useState } from 'react'
import { Outlet, useLocation } from 'react-router'
import { Footer } from '@/components/layout/footer'
import { Header } from '@/components/layout/header'
import { TestModeBanner } from '@/components/layout/test-mode-banner'
import { PageSpinner } from '@/components/ui/spinner'
import { logout, useSession } from '@/features/auth/session-store'
import { useCartCount, useCartDrawer } from '@/features/cart/cart-store'
import { NewsletterForm } from '@/features/newsletter/components/newsletter-form'
import { PaymentRecovery } from '@/features/payments/components/payment-recovery'
import { ErrorBoundary } from '../error-boundary'
import { replayPaintedTap } from '../replay-tap'
import { useDefaultCommune } from '../use-default-commune'
import { ScrollToTop } from './scroll-to-top'

// The drawer's content (lines, steppers…) is not in the first load: it is
// fetched once the page is idle, or when the drawer is first opened.
const loadCartDrawer = () => import('@/features/cart/components/cart-drawer')
const CartDrawer = lazy(loadCartDrawer)

/** Loads `load`'s chunk once the page has loaded and the browser is idle: never before the page's own files. */
function usePreloadWhenIdle(load: () => Promise<unknown>) {
  useEffect(() => {
    const preload = () => void load().catch(() => undefined)
    let cancel = () => {}
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') {
        const id = window.requestIdleCallback(preload, { timeout: 5_000 })
        cancel = () => window.cancelIdleCallback(id)
      } else {
        const timer = setTimeout(preload, 3_000)
        cancel = () => clearTimeout(timer)
      }
    }
    if (document.readyState === 'complete') whenIdle()
    else window.addEventListener('load', whenIdle, { once: true })
    return () => {
      window.removeEventListener('load', whenIdle)
      cancel()
    }
  }, [load])
}

/** The drawer, its estimate starting from the customer's default address (asked for once the drawer exists). */
function DrawerForCustomer(props: { open: boolean; onClose: () => void; notice: string | null }) {
  return <CartDrawer {...props} defaultCommune={useDefaultCommune()} />
}

/** The storefront frame: features are wired into the shared header and footer here. */
export function ShopLayout() {
  const session = useSession()
  const cartCount = useCartCount()
  const cartDrawer = useCartDrawer()
  const queryClient = useQueryClient()
  const location = useLocation()
  const { pathname } = location
  // Once opened, the drawer stays mounted (closed) so that it does not suspend again.
  const [drawerMounted, setDrawerMounted] = useState(false)
  if (cartDrawer.open && !drawerMounted) setDrawerMounted(true)
  usePreloadWhenIdle(loadCartDrawer)

  // Following a link (Voir le panier, Commander, a product…) closes the drawer.
  const { hide: hideCart } = cartDrawer
  useEffect(() => {
    hideCart()
  }, [location.key, hideCart])

  // The header is on screen: a tap on the painted one, made while the scripts were loading, is
  // done now. After the drawer's closing on arrival above, which would close a drawer it opens.
  useEffect(() => replayPaintedTap(), [])

  return (
    <>
      <a href="#main" className="skip-link">Aller au contenu</a>
      <ScrollToTop />
      <Header
        user={session.user}
        sessionLoading={session.status === 'loading'}
        cartCount={cartCount}
        // On /cart itself the icon is just the link to the page.
        onCartOpen={pathname === '/cart' ? undefined : () => cartDrawer.show()}
        cartOpen={cartDrawer.open}
        onLogout={() => {
          logout()
          // What the previous user saw (orders, profile, cart) must not be shown to the next one.
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
      <TestModeBanner />
      {/* A Wave payment left pending: checked with the server, announced when paid (its own chunk, loaded only then). */}
      <PaymentRecovery pathname={pathname} loggedIn={session.status === 'authenticated'} />
      {drawerMounted ? (
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={null}>
            <DrawerForCustomer open={cartDrawer.open} onClose={cartDrawer.hide} notice={cartDrawer.notice} />
          </Suspense>
        </ErrorBoundary>
      ) : null}
    </>
  )
}
