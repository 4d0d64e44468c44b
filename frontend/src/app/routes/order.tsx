import { useQueryClient } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { useSession } from '@/features/auth/session-store'
import { productKeys } from '@/features/catalog/api/keys'
import { useOrder } from '@/features/orders/api/get-order'
import { ORDER_NOT_FOUND, OrderDetail } from '@/features/orders/components/order-detail'
import { PayWithWave } from '@/features/payments/components/pay-with-wave'
import { usePageMeta } from '@/lib/seo'
import styles from './orders.module.css'

/** /orders/{id} (behind RequireAuthOrOrderKey): one of the customer's orders, or the one its key opens. */
export default function OrderRoute() {
  const { id = '' } = useParams()
  const queryClient = useQueryClient()
  const order = useOrder(id)
  const { user } = useSession()
  usePageMeta({
    title: order.data ? `Commande ${order.data.orderNumber}` : order.isError ? ORDER_NOT_FOUND : 'Commande',
    canonicalPath: `/orders/${id}`,
    noindex: true,
  })
  return (
    <div className={`container ${styles.page}`}>
      <OrderDetail
        id={id}
        // The stock came back: product pages read it afresh.
        onCancelled={() => void queryClient.invalidateQueries({ queryKey: productKeys.all })}
        payAction={(order) => <PayWithWave order={order} />}
        guest={!user}
      />
    </div>
  )
}
