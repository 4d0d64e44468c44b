// Route table. Every page is a lazy chunk; the admin area is one more chunk
// (layout + pages) that a shopper never downloads.
// Pages of later issues (login, cart, product, account, static pages…) are
// not registered yet: their links fall to the 404 page meanwhile.
import { lazy, Suspense } from 'react'
import type { RouteObject } from 'react-router'
import { PageSpinner } from '@/components/ui/spinner'
import { AdminGuard } from './admin-guard'
import { ShopLayout } from './layouts/shop-layout'
import { ErrorBoundary } from './error-boundary'

const Home = lazy(() => import('./routes/home'))
const Products = lazy(() => import('./routes/products'))
const Unauthorized = lazy(() => import('./routes/unauthorized'))
const NotFound = lazy(() => import('./routes/not-found'))
const AdminLayout = lazy(() => import('./routes/admin/admin-layout'))
const AdminHome = lazy(() => import('./routes/admin/admin-home'))

export const routes: RouteObject[] = [
  {
    element: <ShopLayout />,
    children: [
      { index: true, element: <Home /> },
      { path: 'products', element: <Products /> },
      { path: 'unauthorized', element: <Unauthorized /> },
      { path: '*', element: <NotFound /> },
    ],
  },
  {
    path: 'admin',
    element: (
      <AdminGuard>
        <ErrorBoundary resetKey="admin">
          <Suspense fallback={<PageSpinner />}>
            <AdminLayout />
          </Suspense>
        </ErrorBoundary>
      </AdminGuard>
    ),
    children: [
      { index: true, element: <AdminHome /> },
      // Sub-pages come with the admin issues; until then the shop's 404 is shown inside the panel.
      { path: '*', element: <NotFound /> },
    ],
  },
]
