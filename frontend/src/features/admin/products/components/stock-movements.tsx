// « Mouvements de stock »: each quantity set by hand on the product, newest first (the last
// 100): when, which variant, before → after, why, and who.
import { useId } from 'react'
import { colorLabel } from '@/config/colors'
import { formatDate } from '@/lib/format'
import { adminErrorMessage } from '../../common/admin-error'
import styles from '../../common/admin.module.css'
import { AdminTable, type Column } from '../../common/admin-table'
import { useStockMovements, type StockMovement } from '../api/stock-movements'
import { UNIQUE_SIZE } from '../stock-grid'

export const MOVEMENTS_LOAD_FAILED = 'Erreur lors du chargement des mouvements de stock'
export const NO_MOVEMENTS = 'Aucun ajustement de stock pour ce produit.'

/** 'Noir, taille M'; an accessory's 'Doré, taille unique'. */
export const variantLabel = (color: string, size: string) => `${colorLabel(color)}, taille ${size === UNIQUE_SIZE ? 'unique' : size}`

/** '+5', '−2' (a true minus sign), '0'. */
const difference = (movement: StockMovement) => {
  const delta = movement.after - movement.before
  return delta > 0 ? `+${delta}` : delta < 0 ? `−${-delta}` : '0'
}

const COLUMNS: Column<StockMovement>[] = [
  { header: 'Date', cell: (movement) => formatDate(movement.at, { withTime: true }) },
  { header: 'Variante', cell: (movement) => variantLabel(movement.color, movement.size) },
  {
    header: 'Quantité',
    numeric: true,
    cell: (movement) => (
      <span>
        {movement.before} → <strong>{movement.after}</strong> <span className={styles.muted}>({difference(movement)})</span>
      </span>
    ),
  },
  { header: 'Raison', cell: (movement) => movement.reasonLabel },
  { header: 'Note', cell: (movement) => movement.note || '—' },
  { header: 'Par', cell: (movement) => movement.by || '—' },
]

export function StockMovements({ productId }: { productId: string }) {
  const movements = useStockMovements(productId)
  const titleId = useId()
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.panelTitle}>Mouvements de stock</h2>
      {movements.isPending ? (
        <p className={styles.muted}>Chargement des mouvements…</p>
      ) : movements.isError ? (
        <p role="alert">{adminErrorMessage(movements.error, MOVEMENTS_LOAD_FAILED)}</p>
      ) : movements.data.length === 0 ? (
        <p className={styles.muted}>{NO_MOVEMENTS}</p>
      ) : (
        <AdminTable items={movements.data} columns={COLUMNS} rowKey={(movement) => movement.id} />
      )}
    </section>
  )
}
