import { useServerShop } from '@/lib/server-shop'
import styles from './test-mode-banner.module.css'

/**
 * Says on every storefront page that payments are simulated, when the shop runs
 * in test mode on purpose. Fixed to the bottom of the screen, so that it moves
 * nothing the page has already painted.
 */
export function TestModeBanner() {
  const { data: shop } = useServerShop()
  if (!shop?.testMode) return null
  return (
    <p className={styles.banner} role="status">
      Mode test : aucun paiement réel
    </p>
  )
}
