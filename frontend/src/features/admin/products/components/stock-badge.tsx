import styles from '../../common/admin.module.css'
import { STOCK_STATUS_LABELS, type StockStatus } from '../api/product-schema'

/** Épuisé / Stock bas / En stock, as the server classed the product's total. */
export function StockBadge({ status }: { status: StockStatus }) {
  const tone = status === 'out' ? styles.bad : status === 'low' ? styles.warn : styles.good
  return <span className={`${styles.badge} ${tone}`}>{STOCK_STATUS_LABELS[status]}</span>
}
