// The admin area, behind AdminGuard: its layout and its route
// table, in a chunk a shopper never downloads. Each screen is a further chunk.
import { lazy, type ReactNode } from 'react'
import { Link, Navigate, useLocation, useRoutes } from 'react-router'
import { useSession } from '@/features/auth/session-store'
import { PERMISSIONS as P, type PermissionCode } from '@/lib/permissions'
import { usePageMeta } from '@/lib/seo'
import AdminLayout, { TWO_FACTOR_PATH, workFor } from './admin-layout'

const Dashboard = lazy(() => import('./dashboard'))
const Orders = lazy(() => import('./orders'))
const OrderDetail = lazy(() => import('./order-detail'))
const Invoice = lazy(() => import('./invoice'))
const Products = lazy(() => import('./products'))
const ProductForm = lazy(() => import('./product-form'))
const Users = lazy(() => import('./users'))
const UserForm = lazy(() => import('./user-form'))
const Delivery = lazy(() => import('./delivery'))
const Cash = lazy(() => import('./cash'))
const DeliveryForm = lazy(() => import('./delivery-form'))
const Messages = lazy(() => import('./messages'))
const Conversations = lazy(() => import('./conversations'))
const Conversation = lazy(() => import('./conversation'))
const PromoCodes = lazy(() => import('./promo-codes'))
const Journal = lazy(() => import('./journal'))
const TwoFactor = lazy(() => import('./two-factor'))
const NotFound = lazy(() => import('../not-found'))

export default function AdminArea() {
  return useRoutes([
    {
      element: (
        <SetUpFirst>
          <AdminLayout />
        </SetUpFirst>
      ),
      children: [
        // The bare /admin opens the dashboard.
        // The bare /admin opens the role's first screen.
        { index: true, element: <FirstScreen /> },
        { path: 'dashboard', element: <Needs permission={P.readFigures}><Dashboard /></Needs> },
        { path: 'orders', element: <Needs permission={P.handleOrders}><Orders /></Needs> },
        { path: 'orders/:id', element: <Needs permission={P.handleOrders}><OrderDetail /></Needs> },
        { path: 'orders/:id/facture', element: <Needs permission={P.handleOrders}><Invoice /></Needs> },
        { path: 'products', element: <Needs permission={P.adjustStock}><Products /></Needs> },
        // New and edit share the form.
        { path: 'products/new', element: <Needs permission={P.manageProducts}><ProductForm /></Needs> },
        { path: 'products/edit/:id', element: <Needs permission={P.adjustStock}><ProductForm /></Needs> },
        { path: 'users', element: <Needs permission={P.manageCustomers}><Users /></Needs> },
        // Linked from the users screens, so they are registered here.
        { path: 'users/new', element: <Needs permission={P.manageStaff}><UserForm /></Needs> },
        { path: 'users/edit/:id', element: <Needs permission={P.manageCustomers}><UserForm /></Needs> },
        { path: 'cash', element: <Needs permission={P.handleMoney}><Cash /></Needs> },
        { path: 'delivery', element: <Needs permission={P.manageShop}><Delivery /></Needs> },
        { path: 'delivery/new', element: <Needs permission={P.manageShop}><DeliveryForm /></Needs> },
        { path: 'delivery/edit/:code', element: <Needs permission={P.manageShop}><DeliveryForm /></Needs> },
        { path: 'messages', element: <Needs permission={P.handleOrders}><Messages /></Needs> },
        { path: 'conversations', element: <Needs permission={P.handleOrders}><Conversations /></Needs> },
        { path: 'conversations/:phone', element: <Needs permission={P.handleOrders}><Conversation /></Needs> },
        { path: 'promo-codes', element: <Needs permission={P.managePromoCodes}><PromoCodes /></Needs> },
        { path: 'journal', element: <Needs permission={P.manageStaff}><Journal /></Needs> },
        // Every member's own: no permission.
        { path: 'two-factor', element: <TwoFactor /> },
        { path: '*', element: <NotFound /> },
      ],
    },
  ])
}

function usePermissions(): readonly string[] {
  return useSession().user?.permissions ?? []
}

/** A screen the role may not open says so, with the way to its own work (the server refuses anyway). */
function Needs({ permission, children }: { permission: PermissionCode; children: ReactNode }) {
  const permissions = usePermissions()
  return permissions.includes(permission) ? children : <NotForThisRole permissions={permissions} />
}

/**
 * A role held to two-step login (`STAFF_2FA=required`) that has not turned it on is sent to its
 * set-up: the server refuses it everything else until then.
 */
function SetUpFirst({ children }: { children: ReactNode }) {
  const { user } = useSession()
  const { pathname } = useLocation()
  if (user?.twoFactorSetupRequired && pathname !== TWO_FACTOR_PATH) return <Navigate to={TWO_FACTOR_PATH} replace />
  return children
}

function FirstScreen() {
  const permissions = usePermissions()
  const first = workFor(permissions)[0]
  return first ? <Navigate to={first.to} replace /> : <NotForThisRole permissions={permissions} />
}

export const NOT_FOR_THIS_ROLE = 'Cette page n’est pas ouverte à votre rôle.'

function NotForThisRole({ permissions }: { permissions: readonly string[] }) {
  usePageMeta({ title: 'Accès non autorisé – Administration', noindex: true })
  const first = workFor(permissions)[0]
  return (
    <section>
      <h1>Accès non autorisé</h1>
      <p>{NOT_FOR_THIS_ROLE}</p>
      {first ? <Link to={first.to}>Aller à « {first.label} »</Link> : null}
    </section>
  )
}
