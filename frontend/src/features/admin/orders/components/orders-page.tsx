import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import {
  CONFIRMATIONS,
  CONFIRMATION_LABELS,
  confirmationLabel,
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  paymentMethodLabel,
  paymentStatusLabel,
} from '@/config/orders'
import { formatDate, formatPrice } from '@/lib/format'
import { formatPhone } from '@/lib/phone'
import { usePageMeta } from '@/lib/seo'
import { AdminListPage, FilterSelect, useListParams } from '../../common/admin-list'
import styles from '../../common/admin.module.css'
import { AdminTable, type Column } from '../../common/admin-table'
import { useAdminOrders } from '../api/get-orders'
import { CHANNELS, CHANNEL_LABELS } from '../channels'
import type { AdminOrder } from '../api/order-schema'
import { canFilterByDate, orderFiltersOf, ordersQueryOf } from '../order-filters'
import { orderMailto } from '../customer-contact'
import { OrderStatusSelect } from './order-status-select'
import own from './orders.module.css'

export const ORDERS_LOAD_FAILED = 'Erreur lors du chargement des commandes'
export const DATE_RANGE_INVERTED = 'La date de début doit précéder la date de fin'

const STATUS_OPTIONS = ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] }))
const CHANNEL_OPTIONS = CHANNELS.map((channel) => ({ value: channel, label: CHANNEL_LABELS[channel] }))
const CONFIRMATION_OPTIONS = [
  { value: 'unconfirmed', label: 'Non confirmées' },
  ...CONFIRMATIONS.map((confirmation) => ({ value: confirmation, label: CONFIRMATION_LABELS[confirmation] })),
]

/** /admin/orders: every order, filtered by status, confirmation, channel, dates and a search, 10 a page. */
export function OrdersPage() {
  usePageMeta({ title: 'Commandes – Administration', noindex: true })
  const { params, change } = useListParams()
  const filters = orderFiltersOf(params)
  const orders = useAdminOrders(ordersQueryOf(filters))

  return (
    <AdminListPage
      title="Commandes"
      subtitle="Suivez et mettez à jour les commandes de vos clients."
      list={orders}
      search={{ placeholder: 'N° de commande, client ou téléphone', value: filters.search }}
      filters={
        <>
          <FilterSelect label="Statut" value={filters.status} anyLabel="Tous les statuts" options={STATUS_OPTIONS} onChange={(status) => change({ status })} />
          <FilterSelect
            label="Confirmation"
            value={filters.confirmation}
            anyLabel="Toutes les confirmations"
            options={CONFIRMATION_OPTIONS}
            onChange={(confirmation) => change({ confirmation })}
          />
          <FilterSelect label="Canal" value={filters.channel} anyLabel="Tous les canaux" options={CHANNEL_OPTIONS} onChange={(channel) => change({ channel })} />
          <DateRangeFilter
            // A new range in the address (a link, the back button) resets the inputs.
            key={`${filters.fromDate}|${filters.toDate}`}
            fromDate={filters.fromDate}
            toDate={filters.toDate}
            onApply={(fromDate, toDate) => change({ fromDate, toDate })}
          />
        </>
      }
      texts={{ loading: 'Chargement des commandes…', loadFailed: ORDERS_LOAD_FAILED, empty: 'Aucune commande trouvée', itemName: 'commande' }}
      table={(list) => <AdminTable items={list} columns={COLUMNS} rowKey={(order) => order.id} />}
    />
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

const orderHref = (order: AdminOrder) => `/admin/orders/${encodeURIComponent(order.id)}`

const COLUMNS: Column<AdminOrder>[] = [
  {
    header: 'Commande',
    cell: (order) => (
      <span>
        <Link to={orderHref(order)} className={`${styles.link} nowrap`}>{order.orderNumber}</Link>
        <br />
        <span className={styles.muted}>{order.channelLabel}</span>
      </span>
    ),
  },
  { header: 'Date', cell: (order) => formatDate(order.createdAt, { withTime: true }) },
  {
    header: 'Client',
    cell: (order) => (
      <span>
        {customerName(order)}
        <br />
        <span className={styles.muted}>{formatPhone(order.shippingInfo.phone)}</span>
      </span>
    ),
  },
  { header: 'Total', numeric: true, cell: (order) => formatPrice(order.total) },
  {
    header: 'Paiement',
    cell: (order) => (
      <span>
        {paymentMethodLabel(order.paymentMethod)}
        <br />
        <span className={styles.muted}>
          {paymentStatusLabel(order.paymentInfo.status)}
          {order.confirmation ? ` · ${confirmationLabel(order.confirmation)}` : ''}
        </span>
      </span>
    ),
  },
  {
    header: 'Statut',
    cell: (order) => <OrderStatusSelect orderId={order.id} orderNumber={order.orderNumber} status={order.status} />,
  },
  {
    header: 'Actions',
    hideHeader: true,
    label: '',
    cell: (order) => (
      <div className={styles.rowActions}>
        <Link to={orderHref(order)} className={styles.iconButton} aria-label={`Voir la commande ${order.orderNumber}`}>Voir</Link>
        <Link to={`${orderHref(order)}?print=1`} className={styles.iconButton} aria-label={`Imprimer le bon de la commande ${order.orderNumber}`}>Imprimer</Link>
        {order.shippingInfo.email ? (
          <a
            href={orderMailto(order)}
            className={styles.iconButton}
            aria-label={`E-mail au client de la commande ${order.orderNumber}`}
          >
            E-mail
          </a>
        ) : null}
      </div>
    ),
  },
]
