// How many shoppers asked « Me prévenir » on each variant and wait for it:
// the demand a sold-out size leaves behind (docs/rules.md#back-in-stock).
import { colorLabel } from '@/config/colors'
import styles from '../../common/admin.module.css'
import { useWaitingAlerts } from '../api/catalog-csv'

const people = (n: number) => (n === 1 ? '1 personne attend' : `${n} personnes attendent`)

export function WaitingAlerts({ productId }: { productId: string }) {
  const waiting = useWaitingAlerts(productId)
  if (!waiting.data) return null
  return (
    <section aria-labelledby="waiting-alerts-title">
      <h3 id="waiting-alerts-title">Alertes de retour en stock</h3>
      {waiting.data.length === 0 ? (
        <p className={styles.muted}>Personne n’attend de retour en stock pour ce produit.</p>
      ) : (
        <ul>
          {waiting.data.map((variant) => (
            <li key={`${variant.color}-${variant.size}`}>
              {colorLabel(variant.color)}, taille {variant.size} : <strong>{people(variant.count)}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
