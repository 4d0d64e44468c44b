import { OrdersPage } from '@/features/admin/orders/components/orders-page'

export default function AdminOrdersRoute() {
  return <OrdersPage />
}
