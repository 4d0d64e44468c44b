import { useEffect, type ReactNode } from 'react'
import { Link } from 'react-router'
import { ButtonLink } from '@/components/ui/button'
import { Pagination } from '@/components/ui/pagination'
import { PageSpinner } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import { formatDate, formatPrice } from '@/lib/format'
import { useOrders, type OrderSummary } from '../api/get-orders'
import { orderStatusLabel, paymentLabel } from '../api/order-schema'
import styles from './order-history.module.css'

export const ORDERS_LOAD_FAILED = 'Impossible de charger vos commandes'

function itemCount(order: OrderSummary): number | null {
  if (!order.items) return null
  return order.items.reduce((sum, item) => sum + (item.quantity ?? 1), 0)
}

interface OrderHistoryProps {
  page: number
  hrefFor: (page: number) => string
  /** `h1` on /orders, where the list is the page; `h2` inside /account. */
  headingLevel?: 'h1' | 'h2'
  /** The payment's button of an order Wave may pay (the app passes the payments feature's). */
  payAction?: (order: { id: string; payWithWave?: string | null }) => ReactNode
}

/** The customer's orders (/orders and the orders tab of /account): number, date, status, total; each row opens /orders/{id}. */
export function OrderHistory({ page, hrefFor, headingLevel = 'h2', payAction }: OrderHistoryProps) {
  const Heading = headingLevel
  const orders = useOrders(page)
  const toast = useToast()

  useEffect(() => {
    if (orders.isError) toast.error(ORDERS_LOAD_FAILED)
  }, [orders.isError, orders.errorUpdatedAt, toast])

  let content
  if (orders.isPending) {
    content = <PageSpinner label="Chargement de vos commandes…" />
  } else if (orders.isError) {
    content = (
      <div className={styles.empty} role="alert">
        <p>{ORDERS_LOAD_FAILED}</p>
        <button type="button" className={styles.retry} onClick={() => void orders.refetch()}>Réessayer</button>
      </div>
    )
  } else if (orders.data.orders.length === 0) {
    content = (
      <div className={styles.empty}>
        <p>Vous n’avez pas encore passé de commande.</p>
        <ButtonLink to="/products">Découvrir nos produits</ButtonLink>
      </div>
    )
  } else {
    const { orders: list, pagination } = orders.data
    content = (
      <>
        <ul className={styles.list}>
          {list.map((order) => {
            const count = itemCount(order)
            return (
              <li key={order.id}>
                <Link to={`/orders/${encodeURIComponent(String(order.id))}`} className={styles.row}>
                  <span className={`${styles.number} nowrap`}>
                    <span className="visually-hidden">Commande </span>
                    {order.orderNumber}
                  </span>
                  <span className={styles.date}>
                    {formatDate(order.createdAt)}
                    {order.paymentInfo ? (
                      <span className={order.paymentInfo.status === 'paid' ? styles.paid : undefined} data-testid="order-row-payment">
                        {' · '}
                        {paymentLabel(order)}
                      </span>
                    ) : null}
                  </span>
                  <span className={`${styles.status} ${styles[order.status] ?? ''}`}>{orderStatusLabel(order.status)}</span>
                  <span className={styles.total}>
                    {formatPrice(order.total)}
                    {count !== null ? <span className={styles.count}> · {count} article{count > 1 ? 's' : ''}</span> : null}
                  </span>
                </Link>
                {payAction && order.payWithWave ? (
                  <div className={styles.pay}>{payAction({ id: String(order.id), payWithWave: order.payWithWave })}</div>
                ) : null}
              </li>
            )
          })}
        </ul>
        <Pagination page={pagination.page} totalPages={pagination.totalPages} hrefFor={hrefFor} />
      </>
    )
  }

  return (
    <section aria-labelledby="orders-title" aria-busy={orders.isFetching || undefined}>
      <Heading id="orders-title" className={headingLevel === 'h1' ? styles.pageTitle : styles.title}>Mes commandes</Heading>
      {content}
    </section>
  )
}
