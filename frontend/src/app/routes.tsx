// Route table. Every page is a lazy chunk; the admin area is one more chunk
// (layout + pages) that a shopper never downloads.
import { lazy, Suspense } from 'react'
import type { RouteObject } from 'react-router'
import { PageSpinner } from '@/components/ui/spinner'
import { AdminGuard } from './admin-guard'
import { RequireAuth } from './require-auth'
import { ShopLayout } from './layouts/shop-layout'
import { ErrorBoundary } from './error-boundary'

const Home = lazy(() => import('./routes/home'))
const Products = lazy(() => import('./routes/products'))
const Category = lazy(() => import('./routes/category'))
const Product = lazy(() => import('./routes/product'))
const Cart = lazy(() => import('./routes/cart'))
const Unauthorized = lazy(() => import('./routes/unauthorized'))
const Login = lazy(() => import('./routes/login'))
const Account = lazy(() => import('./routes/account'))
const Checkout = lazy(() => import('./routes/checkout'))
const Orders = lazy(() => import('./routes/orders'))
const Order = lazy(() => import('./routes/order'))
const ResetPassword = lazy(() => import('./routes/reset-password'))
const ConfirmOrder = lazy(() => import('./routes/confirm-order'))
const UnsubscribeAlerts = lazy(() => import('./routes/unsubscribe-alerts'))
const NotFound = lazy(() => import('./routes/not-found'))
const ForgotPassword = lazy(() => import('./routes/forgot-password'))
// The six information pages share one chunk (app/routes/static-pages.tsx).
const loadStaticPages = () => import('./routes/static-pages')
const Contact = lazy(() => loadStaticPages().then((m) => ({ default: m.ContactRoute })))
const About = lazy(() => loadStaticPages().then((m) => ({ default: m.AboutRoute })))
const Delivery = lazy(() => loadStaticPages().then((m) => ({ default: m.DeliveryRoute })))
const Returns = lazy(() => loadStaticPages().then((m) => ({ default: m.ReturnsRoute })))
const Privacy = lazy(() => loadStaticPages().then((m) => ({ default: m.PrivacyRoute })))
const Terms = lazy(() => loadStaticPages().then((m) => ({ default: m.TermsRoute })))
// The admin area's own route table lives in its chunk (routes/admin/admin-area.tsx):
// a shopper's first load knows only that /admin/* exists.
const AdminArea = lazy(() => import('./routes/admin/admin-area'))
// Wave's return pages share one chunk (app/routes/payment-pages.tsx).
const loadPaymentPages = () => import('./routes/payment-pages')
const PaymentSuccess = lazy(() => loadPaymentPages().then((m) => ({ default: m.PaymentSuccessRoute })))
const PaymentError = lazy(() => loadPaymentPages().then((m) => ({ default: m.PaymentErrorRoute })))
const MobileRedirect = lazy(() => loadPaymentPages().then((m) => ({ default: m.MobileRedirectRoute })))

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
      { path: 'orders/:id', element: <RequireAuth><Order /></RequireAuth> },
      { path: 'checkout', element: <RequireAuth><Checkout /></RequireAuth> },
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
