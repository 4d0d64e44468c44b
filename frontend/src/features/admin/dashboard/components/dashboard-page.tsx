import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PageSpinner } from '@/components/ui/spinner'
import { formatDate, formatPrice } from '@/lib/format'
import { smallestImage } from '@/lib/image'
import { usePageMeta } from '@/lib/seo'
import { adminErrorMessage } from '../../common/admin-error'
import styles from '../../common/admin.module.css'
import { OrderStatusBadge } from '../../common/order-status-badge'
import { LoadError, PageHeader } from '../../common/page-header'
import { useErrorToast } from '../../common/use-error-toast'
import { useOrderStats, useProductStats, useUserStats, type OrderStats } from '../api/get-stats'
import own from './dashboard.module.css'
import { SalesChart } from './sales-chart'
import { StatCard } from './stat-card'

export const STATS_LOAD_FAILED = 'Erreur lors du chargement des statistiques'

const count = (n: number) => n.toLocaleString('fr-FR').replace(/[\u202f\u00a0]/g, ' ')

/**
 * /admin/dashboard: the day, the month, accounts and stock, each figure from
 * the server with its real trend; the last orders, the best sellers and the
 * sales of the last 30 days. A part whose call failed says so: no zeros
 * standing in for figures that are unknown (docs/rules.md#back-office-figures).
 */
export function DashboardPage() {
  usePageMeta({ title: 'Tableau de bord – Administration', noindex: true })
  const orders = useOrderStats()
  const users = useUserStats()
  const products = useProductStats()
  const failed = orders.isError || users.isError || products.isError
  const failedAt = Math.max(orders.errorUpdatedAt, users.errorUpdatedAt, products.errorUpdatedAt)
  const error = orders.error ?? users.error ?? products.error
  useErrorToast(failed, failedAt, adminErrorMessage(error, STATS_LOAD_FAILED))

  const retry = () => {
    if (orders.isError) void orders.refetch()
    if (users.isError) void users.refetch()
    if (products.isError) void products.refetch()
  }

  return (
    <section className={styles.page}>
      <PageHeader title="Tableau de bord" subtitle="Les chiffres du jour et du mois, calculés à partir de vos commandes." />
      {failed ? <LoadError message={adminErrorMessage(error, STATS_LOAD_FAILED)} onRetry={retry} /> : null}
      <div className={own.cards} aria-busy={orders.isPending || users.isPending || products.isPending || undefined}>
        <CardGroup query={orders} placeholders={5}>
          {(stats) => (
            <>
              <StatCard
                label="Commandes du jour"
                value={count(stats.todayOrders)}
                trend={stats.trends.todayOrders}
                period="day"
                detail={`Hier : ${count(stats.yesterdayOrders)}`}
              />
              <StatCard
                label="Chiffre d'affaires du jour"
                value={formatPrice(stats.todayRevenue)}
                trend={stats.trends.todayRevenue}
                period="day"
                detail={`Hier : ${formatPrice(stats.yesterdayRevenue)}`}
              />
              <StatCard
                label="Commandes en attente"
                value={count(stats.pendingOrders)}
                detail="Voir les commandes à traiter →"
                to="/admin/orders?status=pending"
                tone={stats.pendingOrders > 0 ? 'alert' : 'default'}
              />
              <StatCard
                label="Commandes à confirmer"
                value={count(stats.awaitingConfirmation)}
                detail="Appeler les clients →"
                to="/admin/orders?status=pending&confirmation=unconfirmed"
                tone={stats.awaitingConfirmation > 0 ? 'alert' : 'default'}
              />
              <StatCard
                label="Chiffre d'affaires du mois"
                value={formatPrice(stats.monthRevenue)}
                trend={stats.trends.monthRevenue}
                period="month"
                detail={`Même période du mois dernier : ${formatPrice(stats.previousMonthRevenue)}`}
              />
            </>
          )}
        </CardGroup>
        <CardGroup query={users} placeholders={2}>
          {(stats) => (
            <>
              <StatCard
                label="Utilisateurs"
                value={count(stats.totalUsers)}
                detail={`${count(stats.totalCustomers)} client${stats.totalCustomers > 1 ? 's' : ''}`}
                to="/admin/users"
              />
              <StatCard
                label="Nouveaux utilisateurs (ce mois)"
                value={count(stats.newUsers)}
                trend={stats.trends.newUsers}
                period="month"
                detail={`Même période du mois dernier : ${count(stats.previousMonthNewUsers)}`}
              />
            </>
          )}
        </CardGroup>
        <CardGroup query={products} placeholders={2}>
          {(stats) => (
            <>
              <StatCard
                label="Produits"
                value={count(stats.totalProducts)}
                detail={`${count(stats.activeProducts)} en vente · ${count(stats.inactiveProducts)} désactivé${stats.inactiveProducts > 1 ? 's' : ''}`}
                to="/admin/products"
              />
              <StatCard
                label="En rupture de stock"
                value={count(stats.outOfStock)}
                detail={`${count(stats.lowStock)} en stock bas`}
                to="/admin/products?stock=0"
                tone={stats.outOfStock > 0 ? 'alert' : 'default'}
              />
            </>
          )}
        </CardGroup>
      </div>
      {orders.isPending ? <PageSpinner label="Chargement des ventes…" /> : null}
      {orders.data ? (
        <>
          <SalesChart days={orders.data.salesByDay} />
          <div className={own.columns}>
            <RecentOrders orders={orders.data.recentOrders} />
            <TopProducts products={orders.data.topProducts} />
          </div>
        </>
      ) : null}
    </section>
  )
}

/** One call's cards: placeholders while it loads, none when it failed (the page says so above them). */
function CardGroup<T>({ query, placeholders, children }: { query: UseQueryResult<T>; placeholders: number; children: (stats: T) => ReactNode }) {
  if (query.data) return children(query.data)
  if (!query.isPending) return null
  return Array.from({ length: placeholders }, (_, i) => <div key={i} className={`${own.card} ${own.cardLoading}`} aria-hidden="true" />)
}

function RecentOrders({ orders }: { orders: OrderStats['recentOrders'] }) {
  return (
    <section className={styles.panel} aria-labelledby="recent-orders">
      <div className={own.panelHead}>
        <h2 id="recent-orders" className={styles.panelTitle}>Commandes récentes</h2>
        <Link to="/admin/orders" className={styles.link}>Toutes les commandes</Link>
      </div>
      {orders.length === 0 ? (
        <p className={styles.muted}>Aucune commande pour le moment.</p>
      ) : (
        <ul className={own.list}>
          {orders.map((order) => (
            <li key={order.id} className={own.row}>
              <div>
                <Link to={`/admin/orders/${encodeURIComponent(order.id)}`} className={`${styles.link} nowrap`}>{order.orderNumber}</Link>
                <p className={styles.muted}>{order.customerName} · {formatDate(order.createdAt, { withTime: true })}</p>
              </div>
              <div className={own.rowEnd}>
                <strong>{formatPrice(order.total)}</strong>
                <OrderStatusBadge status={order.status} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function TopProducts({ products }: { products: OrderStats['topProducts'] }) {
  return (
    <section className={styles.panel} aria-labelledby="top-products">
      <div className={own.panelHead}>
        <h2 id="top-products" className={styles.panelTitle}>Meilleures ventes</h2>
        <span className={styles.muted}>30 derniers jours</span>
      </div>
      {products.length === 0 ? (
        <p className={styles.muted}>Aucune vente sur les 30 derniers jours.</p>
      ) : (
        <ol className={own.list}>
          {products.map((product) => (
            <li key={product.productId} className={own.row}>
              <div className={own.product}>
                <img src={smallestImage(product.image)} alt="" width={44} height={44} loading="lazy" className={own.thumb} />
                <div>
                  <Link to={`/admin/products/edit/${encodeURIComponent(product.productId)}`} className={styles.link}>{product.name}</Link>
                  {product.active ? null : <span className={`${styles.badge} ${styles.neutral}`}> Désactivé</span>}
                  <p className={styles.muted}>{product.unitsSold} vendu{product.unitsSold > 1 ? 's' : ''}</p>
                </div>
              </div>
              <strong className={own.rowEnd}>{formatPrice(product.salesAmount)}</strong>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
