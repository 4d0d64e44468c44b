import { useSearchParams } from 'react-router'
import { OrderHistory } from '@/features/orders/components/order-history'
import { PayWithWave } from '@/features/payments/components/pay-with-wave'
import { usePageMeta } from '@/lib/seo'
import styles from './orders.module.css'

/** /orders (behind RequireAuth): the same list as the orders tab of /account, as a page. */
export default function OrdersRoute() {
  usePageMeta({ title: 'Mes commandes', canonicalPath: '/orders', noindex: true })
  const [searchParams] = useSearchParams()
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1)
  return (
    <div className={`container ${styles.page}`}>
      <OrderHistory
        page={page}
        headingLevel="h1"
        hrefFor={(n) => (n > 1 ? `/orders?page=${n}` : '/orders')}
        payAction={(order) => <PayWithWave order={order} compact />}
      />
    </div>
  )
}
