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
        {orders.data ? (
          <>
            <StatCard
              label="Commandes du jour"
              value={count(orders.data.todayOrders)}
              trend={orders.data.trends.todayOrders}
              period="day"
              detail={`Hier : ${count(orders.data.yesterdayOrders)}`}
            />
            <StatCard
              label="Chiffre d'affaires du jour"
              value={formatPrice(orders.data.todayRevenue)}
              trend={orders.data.trends.todayRevenue}
              period="day"
              detail={`Hier : ${formatPrice(orders.data.yesterdayRevenue)}`}
            />
            <StatCard
              label="Commandes en attente"
              value={count(orders.data.pendingOrders)}
              detail="Voir les commandes à traiter →"
              to="/admin/orders?status=pending"
              tone={orders.data.pendingOrders > 0 ? 'alert' : 'default'}
            />
            <StatCard
              label="Commandes à confirmer"
              value={count(orders.data.awaitingConfirmation)}
              detail="Appeler les clients →"
              to="/admin/orders?status=pending&confirmation=unconfirmed"
              tone={orders.data.awaitingConfirmation > 0 ? 'alert' : 'default'}
            />
            <StatCard
              label="Chiffre d'affaires du mois"
              value={formatPrice(orders.data.monthRevenue)}
              trend={orders.data.trends.monthRevenue}
              period="month"
              detail={`Même période du mois dernier : ${formatPrice(orders.data.previousMonthRevenue)}`}
            />
          </>
        ) : orders.isPending ? (
          <CardsLoading count={5} />
        ) : null}
        {users.data ? (
          <>
            <StatCard
              label="Utilisateurs"
              value={count(users.data.totalUsers)}
              detail={`${count(users.data.totalCustomers)} client${users.data.totalCustomers > 1 ? 's' : ''}`}
              to="/admin/users"
            />
            <StatCard
              label="Nouveaux utilisateurs (ce mois)"
              value={count(users.data.newUsers)}
              trend={users.data.trends.newUsers}
              period="month"
              detail={`Même période du mois dernier : ${count(users.data.previousMonthNewUsers)}`}
            />
          </>
        ) : users.isPending ? (
          <CardsLoading count={2} />
        ) : null}
        {products.data ? (
          <>
            <StatCard
              label="Produits"
              value={count(products.data.totalProducts)}
              detail={`${count(products.data.activeProducts)} en vente · ${count(products.data.inactiveProducts)} désactivé${products.data.inactiveProducts > 1 ? 's' : ''}`}
              to="/admin/products"
            />
            <StatCard
              label="En rupture de stock"
              value={count(products.data.outOfStock)}
              detail={`${count(products.data.lowStock)} en stock bas`}
              to="/admin/products?stock=0"
              tone={products.data.outOfStock > 0 ? 'alert' : 'default'}
            />
          </>
        ) : products.isPending ? (
          <CardsLoading count={2} />
        ) : null}
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

function CardsLoading({ count: n }: { count: number }) {
  return Array.from({ length: n }, (_, i) => <div key={i} className={`${own.card} ${own.cardLoading}`} aria-hidden="true" />)
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
                <Link to={`/admin/orders/${encodeURIComponent(order.id)}`} className={styles.link}>{order.orderNumber}</Link>
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
