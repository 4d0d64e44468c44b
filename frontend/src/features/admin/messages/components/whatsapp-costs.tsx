// The month's WhatsApp bill on the Messages page, for those who read the shop's figures:
// template messages per category and their cost at the prices the shop set. An unset price
// shows « prix non renseigné », never a made-up figure.
import { useState } from 'react'
import { formatPrice } from '@/lib/format'
import { adminErrorMessage } from '../../common/admin-error'
import styles from '../../common/admin.module.css'
import { useWhatsAppCosts } from '../api/costs'
import own from './messages.module.css'

export const COSTS_LOAD_FAILED = 'Erreur lors du chargement des coûts WhatsApp'

export function WhatsAppCosts() {
  const [month, setMonth] = useState('')
  const costs = useWhatsAppCosts(month)
  return (
    <section className={`${styles.panel} ${own.costs}`} aria-labelledby="whatsapp-costs">
      <h2 id="whatsapp-costs">Coût WhatsApp du mois</h2>
      <label>
        Mois{' '}
        <input type="month" value={month || costs.data?.month || ''} onChange={(event) => setMonth(event.target.value)} />
      </label>
      {costs.isPending ? (
        <p>Chargement…</p>
      ) : costs.isError ? (
        <p role="alert">{adminErrorMessage(costs.error, COSTS_LOAD_FAILED)}</p>
      ) : (
        <table className={styles.table}>
          <caption className="visually-hidden">Messages WhatsApp envoyés et leur coût</caption>
          <thead>
            <tr>
              <th scope="col">Catégorie</th>
              <th scope="col">Messages</th>
              <th scope="col">Prix unitaire</th>
              <th scope="col">Coût</th>
            </tr>
          </thead>
          <tbody>
            {costs.data.categories.map((line) => (
              <tr key={line.category}>
                <th scope="row">{line.label}</th>
                <td>{line.count}</td>
                <td>{line.unitPriceLabel}</td>
                <td>{line.cost === null ? '—' : formatPrice(line.cost)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>Total</th>
              <td>{costs.data.total === null ? 'incomplet : prix non renseigné' : formatPrice(costs.data.total)}</td>
            </tr>
          </tfoot>
        </table>
      )}
    </section>
  )
}
