import { isOrderStatus, orderStatusLabel } from '@/config/orders'
import styles from './admin.module.css'

export function OrderStatusBadge({ status }: { status: string }) {
  const tone = isOrderStatus(status) ? styles[status] : styles.neutral
  return <span className={`${styles.badge} ${tone}`}>{orderStatusLabel(status)}</span>
}
