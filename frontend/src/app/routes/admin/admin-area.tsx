// The admin area, behind AdminGuard: its layout and its route
// table, in a chunk a shopper never downloads. Each screen is a further chunk.
import { lazy } from 'react'
import { Navigate, useRoutes } from 'react-router'
import AdminLayout from './admin-layout'

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
const PromoCodes = lazy(() => import('./promo-codes'))
const NotFound = lazy(() => import('../not-found'))

export default function AdminArea() {
  return useRoutes([
    {
      element: <AdminLayout />,
      children: [
        // The bare /admin opens the dashboard.
        { index: true, element: <Navigate to="/admin/dashboard" replace /> },
        { path: 'dashboard', element: <Dashboard /> },
        { path: 'orders', element: <Orders /> },
        { path: 'orders/:id', element: <OrderDetail /> },
        { path: 'orders/:id/facture', element: <Invoice /> },
        { path: 'products', element: <Products /> },
        // New and edit share the form.
        { path: 'products/new', element: <ProductForm /> },
        { path: 'products/edit/:id', element: <ProductForm /> },
        { path: 'users', element: <Users /> },
        // Linked from the users screens, so they are registered here.
        { path: 'users/new', element: <UserForm /> },
        { path: 'users/edit/:id', element: <UserForm /> },
        { path: 'cash', element: <Cash /> },
        { path: 'delivery', element: <Delivery /> },
        { path: 'delivery/new', element: <DeliveryForm /> },
        { path: 'delivery/edit/:code', element: <DeliveryForm /> },
        { path: 'messages', element: <Messages /> },
        { path: 'promo-codes', element: <PromoCodes /> },
        { path: '*', element: <NotFound /> },
      ],
    },
  ])
}
