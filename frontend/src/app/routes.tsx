// Route table. Every page is a lazy chunk; the admin area is one more chunk
// (layout + pages) that a shopper never downloads.
import { lazy, Suspense, useState, type ComponentType, type ReactElement } from 'react'
import { matchRoutes, type RouteObject } from 'react-router'
import { PageSpinner } from '@/components/ui/spinner'
import { AdminGuard } from './admin-guard'
import { RequireAuth, RequireAuthOrOrderKey } from './require-auth'
import { ShopLayout } from './layouts/shop-layout'
import { ErrorBoundary } from './error-boundary'

/**
 * A page in its own chunk, loaded when first shown (React's `lazy`), or before React's first
 * render by [preloadPage]: a page already loaded renders at once instead of suspending.
 */
function page(load: () => Promise<{ default: ComponentType }>) {
  let loaded: ComponentType | undefined
  const Lazy = lazy(load)
  function Page() {
    // Chosen once per mount, so that a page never switches component under its own state.
    const [Component] = useState(() => loaded ?? Lazy)
    return <Component />
  }
  const preload = () =>
    load().then((module) => {
      loaded = module.default
    })
  return Object.assign(Page, { preload })
}

const Home = page(() => import('./routes/home'))
const Products = page(() => import('./routes/products'))
const Category = page(() => import('./routes/category'))
const Product = page(() => import('./routes/product'))
const Cart = page(() => import('./routes/cart'))
const Unauthorized = page(() => import('./routes/unauthorized'))
const Login = page(() => import('./routes/login'))
const Account = page(() => import('./routes/account'))
const Checkout = page(() => import('./routes/checkout'))
const Orders = page(() => import('./routes/orders'))
const Order = page(() => import('./routes/order'))
const Invoice = page(() => import('./routes/invoice'))
const ResetPassword = page(() => import('./routes/reset-password'))
const ConfirmOrder = page(() => import('./routes/confirm-order'))
const UnsubscribeAlerts = page(() => import('./routes/unsubscribe-alerts'))
const NotFound = page(() => import('./routes/not-found'))
const ForgotPassword = page(() => import('./routes/forgot-password'))
// The six information pages share one chunk (app/routes/static-pages.tsx).
const loadStaticPages = () => import('./routes/static-pages')
const Contact = page(() => loadStaticPages().then((m) => ({ default: m.ContactRoute })))
const About = page(() => loadStaticPages().then((m) => ({ default: m.AboutRoute })))
const Delivery = page(() => loadStaticPages().then((m) => ({ default: m.DeliveryRoute })))
const Returns = page(() => loadStaticPages().then((m) => ({ default: m.ReturnsRoute })))
const Privacy = page(() => loadStaticPages().then((m) => ({ default: m.PrivacyRoute })))
const Terms = page(() => loadStaticPages().then((m) => ({ default: m.TermsRoute })))
// The admin area's own route table lives in its chunk (routes/admin/admin-area.tsx):
// a shopper's first load knows only that /admin/* exists.
const AdminArea = page(() => import('./routes/admin/admin-area'))
// Wave's return pages share one chunk (app/routes/payment-pages.tsx).
const loadPaymentPages = () => import('./routes/payment-pages')
const PaymentSuccess = page(() => loadPaymentPages().then((m) => ({ default: m.PaymentSuccessRoute })))
const PaymentError = page(() => loadPaymentPages().then((m) => ({ default: m.PaymentErrorRoute })))
const MobileRedirect = page(() => loadPaymentPages().then((m) => ({ default: m.MobileRedirectRoute })))

export const routes: RouteObject[] = [
  {
    element: <ShopLayout />,
    children: [
      { index: true, element: <Home /> },
      { path: 'products', element: <Products /> },
      { path: 'category/:category', element: <Category /> },
      { path: 'category/:category/:subcategory', element: <Category /> },
      { path: 'product/:idOrSlug', element: <Product /> },
      { path: 'cart', element: <Cart /> },
      { path: 'unauthorized', element: <Unauthorized /> },
      // /login and /register are one page with two tabs (the same element keeps its state when switching).
      { path: 'login', element: <Login /> },
      { path: 'register', element: <Login /> },
      { path: 'reset-password/:token', element: <ResetPassword /> },
      // The link the shop sends to confirm a cash-on-delivery order: no login, the link is the key.
      { path: 'confirm/:token', element: <ConfirmOrder /> },
      { path: 'forgot-password', element: <ForgotPassword /> },
      // The foot of a back-in-stock message: no login, the link is the key.
      { path: 'alerts/unsubscribe/:token', element: <UnsubscribeAlerts /> },
      { path: 'contact', element: <Contact /> },
      { path: 'about', element: <About /> },
      { path: 'delivery', element: <Delivery /> },
      { path: 'returns', element: <Returns /> },
      { path: 'privacy', element: <Privacy /> },
      { path: 'terms', element: <Terms /> },
      // Where Wave sends the shopper back: public, the server is asked there.
      { path: 'payment-success', element: <PaymentSuccess /> },
      { path: 'payment-error', element: <PaymentError /> },
      { path: 'mobile-redirect', element: <MobileRedirect /> },
      // Logged-in routes.
      { path: 'account', element: <RequireAuth><Account /></RequireAuth> },
      { path: 'orders', element: <RequireAuth><Orders /></RequireAuth> },
      // An order placed without an account opens with its own key (`?k=`), kept by this browser.
      { path: 'orders/:id', element: <RequireAuthOrOrderKey><Order /></RequireAuthOrOrderKey> },
      { path: 'orders/:id/facture', element: <RequireAuthOrOrderKey><Invoice /></RequireAuthOrOrderKey> },
      // A name and a phone are enough to order: no login asked.
      { path: 'checkout', element: <Checkout /> },
      { path: '*', element: <NotFound /> },
    ],
  },
  {
    path: 'admin/*',
    element: (
      <AdminGuard>
        <ErrorBoundary resetKey="admin">
          <Suspense fallback={<PageSpinner />}>
            <AdminArea />
          </Suspense>
        </ErrorBoundary>
      </AdminGuard>
    ),
  },
]

/**
 * Loads the page module of `location` before React's first render. React then renders the page at
 * once where the server painted its first view: a page still loading would replace that view with
 * the spinner and keep the spinner at least 300 ms (React's pause before revealing content).
 */
export async function preloadPage(location: { pathname: string }): Promise<void> {
  const matches = matchRoutes(routes, location) ?? []
  await Promise.all(
    matches.map(({ route }) => {
      const type = (route.element as ReactElement | undefined)?.type as { preload?: () => Promise<void> } | undefined
      return type?.preload?.()
    }),
  )
}
