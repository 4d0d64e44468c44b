import { useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { PageSpinner } from '@/components/ui/spinner'
import { ORDER_STATUSES, ORDER_STATUS_LABELS, paymentMethodLabel, paymentStatusLabel } from '@/config/orders'
import { formatDate, formatPrice } from '@/lib/format'
import { formatPhone } from '@/lib/phone'
import { usePageMeta } from '@/lib/seo'
import { adminErrorMessage } from '../../common/admin-error'
import { AdminPagination } from '../../common/admin-pagination'
import styles from '../../common/admin.module.css'
import { withParams } from '../../common/list-params'
import { LoadError, PageHeader } from '../../common/page-header'
import { SearchInput } from '../../common/search-input'
import { useErrorToast } from '../../common/use-error-toast'
import { useAdminOrders } from '../api/get-orders'
import type { AdminOrder } from '../api/order-schema'
import { canFilterByDate, orderFiltersOf, ordersQueryOf } from '../order-filters'
import { orderMailto } from '../customer-contact'
import { OrderStatusSelect } from './order-status-select'
import own from './orders.module.css'

export const ORDERS_LOAD_FAILED = 'Erreur lors du chargement des commandes'
export const DATE_RANGE_INVERTED = 'La date de début doit précéder la date de fin'

/** /admin/orders: every order, filtered by status, dates and a search, 10 a page. */
export function OrdersPage() {
  usePageMeta({ title: 'Commandes – Administration', noindex: true })
  const [params, setParams] = useSearchParams()
  const filters = orderFiltersOf(params)
  const orders = useAdminOrders(ordersQueryOf(filters))
  const loadError = adminErrorMessage(orders.error, ORDERS_LOAD_FAILED)
  useErrorToast(orders.isError, orders.errorUpdatedAt, loadError)

  const change = (changes: Record<string, string | null>, replace = false) => setParams(withParams(params, changes), { replace })

  let content
  if (orders.isPending) {
    content = <PageSpinner label="Chargement des commandes…" />
  } else if (orders.isError) {
    content = <LoadError message={loadError} onRetry={() => void orders.refetch()} />
  } else if (orders.data.data.length === 0) {
    content = <p className={`${styles.panel} ${styles.empty}`}>Aucune commande trouvée</p>
  } else {
    const { data: list, pagination } = orders.data
    content = (
      <>
        <p className={styles.count} aria-live="polite">
          {pagination.totalItems} commande{pagination.totalItems > 1 ? 's' : ''}
        </p>
        <OrdersTable orders={list} />
        <AdminPagination page={pagination.page} totalPages={pagination.totalPages} />
      </>
    )
  }

  return (
    <section className={styles.page} aria-busy={orders.isFetching || undefined}>
      <PageHeader title="Commandes" subtitle="Suivez et mettez à jour les commandes de vos clients." />
      <div className={styles.toolbar}>
        <SearchInput
          label="Rechercher"
          placeholder="N° de commande, client ou téléphone"
          value={filters.search}
          onSearch={(search) => change({ search }, true)}
        />
        <label className={styles.control}>
          Statut
          <select className={styles.input} value={filters.status} onChange={(event) => change({ status: event.target.value })}>
            <option value="">Tous les statuts</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>{ORDER_STATUS_LABELS[status]}</option>
            ))}
          </select>
        </label>
        <DateRangeFilter
          // A new range in the address (a link, the back button) resets the inputs.
          key={`${filters.fromDate}|${filters.toDate}`}
          fromDate={filters.fromDate}
          toDate={filters.toDate}
          onApply={(fromDate, toDate) => change({ fromDate, toDate })}
        />
      </div>
      {content}
    </section>
  )
}

function DateRangeFilter({ fromDate, toDate, onApply }: { fromDate: string; toDate: string; onApply: (from: string | null, to: string | null) => void }) {
  const [from, setFrom] = useState(fromDate)
  const [to, setTo] = useState(toDate)
  const inverted = from !== '' && to !== '' && from > to
  const applied = fromDate !== '' || toDate !== ''
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!inverted && canFilterByDate(from, to)) onApply(from || null, to || null)
  }
  return (
    <form onSubmit={submit} className={own.dates} aria-label="Filtrer par date">
      <fieldset className={styles.toolbarGroup}>
        <legend>Période</legend>
        <label className={styles.control}>
          Du
          <input type="date" className={styles.input} value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className={styles.control}>
          Au
          <input type="date" className={styles.input} value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
        </label>
        <Button type="submit" variant="secondary" disabled={!canFilterByDate(from, to) || inverted}>Filtrer</Button>
        {applied ? (
          <Button variant="ghost" onClick={() => onApply(null, null)}>Effacer les dates</Button>
        ) : null}
      </fieldset>
      {inverted ? <p className={own.hintError} role="alert">{DATE_RANGE_INVERTED}</p> : null}
    </form>
  )
}

function customerName(order: AdminOrder) {
  return `${order.shippingInfo.firstName} ${order.shippingInfo.lastName}`.trim()
}

function OrdersTable({ orders }: { orders: AdminOrder[] }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Commande</th>
            <th scope="col">Date</th>
            <th scope="col">Client</th>
            <th scope="col" className={styles.num}>Total</th>
            <th scope="col">Paiement</th>
            <th scope="col">Statut</th>
            <th scope="col"><span className="visually-hidden">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => {
            const href = `/admin/orders/${encodeURIComponent(order.id)}`
            return (
              <tr key={order.id}>
                <td data-label="Commande">
                  <Link to={href} className={styles.link}>{order.orderNumber}</Link>
                </td>
                <td data-label="Date">{formatDate(order.createdAt, { withTime: true })}</td>
                <td data-label="Client">
                  <span>
                    {customerName(order)}
                    <br />
                    <span className={styles.muted}>{formatPhone(order.shippingInfo.phone)}</span>
                  </span>
                </td>
                <td data-label="Total" className={styles.num}>{formatPrice(order.total)}</td>
                <td data-label="Paiement">
                  <span>
                    {paymentMethodLabel(order.paymentMethod)}
                    <br />
                    <span className={styles.muted}>{paymentStatusLabel(order.paymentInfo.status)}</span>
                  </span>
                </td>
                <td data-label="Statut">
                  <OrderStatusSelect orderId={order.id} orderNumber={order.orderNumber} status={order.status} />
                </td>
                <td data-label="">
                  <div className={styles.rowActions}>
                    <Link to={href} className={styles.iconButton} aria-label={`Voir la commande ${order.orderNumber}`}>Voir</Link>
                    <Link to={`${href}?print=1`} className={styles.iconButton} aria-label={`Imprimer le bon de la commande ${order.orderNumber}`}>Imprimer</Link>
                    {order.shippingInfo.email ? (
                      <a
                        href={orderMailto(order)}
                        className={styles.iconButton}
                        aria-label={`Écrire au client de la commande ${order.orderNumber}`}
                      >
                        E-mail
                      </a>
                    ) : null}
                  </div>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
