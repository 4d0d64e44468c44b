import { colorTotal, totalStock, UNIQUE_SIZE, type StockGrid } from '../stock-grid'
import styles from './products.module.css'

/** The quantities of a product, read only: one row per colour, one column per size. */
export function StockTable({ grid }: { grid: StockGrid }) {
  const colors = Object.keys(grid)
  const sizes = colors.length > 0 ? Object.keys(grid[colors[0]!]!) : []
  if (colors.length === 0 || sizes.length === 0) return <p className={styles.gridEmpty}>Aucune variante pour ce produit.</p>
  const sizeLabel = (size: string) => (size === UNIQUE_SIZE ? 'Quantité' : size)
  return (
    <div className={styles.gridWrap}>
      <table className={styles.stockGrid} aria-label="Stock par variante">
        <thead>
          <tr>
            <th scope="col">Couleur</th>
            {sizes.map((size) => (
              <th scope="col" key={size}>{sizeLabel(size)}</th>
            ))}
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {colors.map((color) => (
            <tr key={color}>
              <th scope="row">{color}</th>
              {sizes.map((size) => (
                <td key={size} data-label={sizeLabel(size)}>{grid[color]![size]}</td>
              ))}
              <td data-label="Total" className={styles.rowTotal}>{colorTotal(grid, color)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.gridTotal}>Stock total : <strong>{totalStock(grid)}</strong></p>
    </div>
  )
}
