import { useParams } from 'react-router'
import { OrderDetailPage } from '@/features/admin/orders/components/order-detail-page'

export default function AdminOrderDetailRoute() {
  const { id = '' } = useParams()
  // A new order id is a new page: no state carried over from the previous one.
  return <OrderDetailPage key={id} orderId={id} />
}
