import { useState } from 'react'
import { AlertIcon } from '@/components/ui/icons'
import { applyShortcut, colorTotal, setQuantity, STOCK_SHORTCUTS, totalStock, UNIQUE_SIZE, type StockGrid } from '../stock-grid'
import styles from './products.module.css'

export const ZERO_STOCK_WARNING = 'Stock total à 0 : ce produit ne pourra pas être acheté.'

interface StockGridEditorProps {
  grid: StockGrid
  onChange: (grid: StockGrid) => void
  /** The product's name, to label inputs ('Stock noir M'). */
  disabled?: boolean
}

/**
 * One number per colour × size (an accessory: one per colour), with the
 * shortcuts (+5, 10, 0) on each colour's row, and the warning when nothing
 * is left to sell.
 */
export function StockGridEditor({ grid, onChange, disabled }: StockGridEditorProps) {
  const colors = Object.keys(grid)
  const sizes = colors.length > 0 ? Object.keys(grid[colors[0]!]!) : []
  const total = totalStock(grid)
  const unique = sizes.length === 1 && sizes[0] === UNIQUE_SIZE

  if (colors.length === 0 || sizes.length === 0) {
    return <p className={styles.gridEmpty}>Indiquez les couleurs{unique ? '' : ' et les tailles'} pour saisir le stock.</p>
  }

  return (
    <div className={styles.gridWrap}>
      <table className={styles.stockGrid}>
        <thead>
          <tr>
            <th scope="col">Couleur</th>
            {sizes.map((size) => (
              <th scope="col" key={size}>{size === UNIQUE_SIZE ? 'Quantité' : size}</th>
            ))}
            <th scope="col">Total</th>
            <th scope="col">Raccourcis</th>
          </tr>
        </thead>
        <tbody>
          {colors.map((color) => (
            <tr key={color}>
              <th scope="row">{color}</th>
              {sizes.map((size) => (
                <td key={size} data-label={size === UNIQUE_SIZE ? 'Quantité' : size}>
                  <QuantityInput
                    label={size === UNIQUE_SIZE ? `Stock ${color}` : `Stock ${color} ${size}`}
                    value={grid[color]![size]!}
                    disabled={disabled}
                    onText={(text) => onChange(setQuantity(grid, color, size, text))}
                  />
                </td>
              ))}
              <td data-label="Total" className={styles.rowTotal}>{colorTotal(grid, color)}</td>
              <td data-label="">
                <div className={styles.shortcuts}>
                  {STOCK_SHORTCUTS.map((shortcut) => (
                    <button
                      key={shortcut.id}
                      type="button"
                      className={styles.shortcut}
                      disabled={disabled}
                      aria-label={`${shortcut.describe} (${color})`}
                      title={shortcut.describe}
                      onClick={() => onChange(applyShortcut(grid, color, shortcut.id))}
                    >
                      {shortcut.label}
                    </button>
                  ))}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.gridTotal}>Stock total : <strong>{total}</strong></p>
      {total === 0 ? (
        <p className={styles.warning} role="alert">
          <AlertIcon size={18} /> {ZERO_STOCK_WARNING}
        </p>
      ) : null}
    </div>
  )
}

/**
 * A quantity as typed. A text input with the numeric keypad rather than
 * type="number", which turns '-' into an empty value: here a refused text
 * (negative, decimal) changes nothing and the stored quantity comes back on blur.
 */
function QuantityInput({ label, value, disabled, onText }: { label: string; value: number; disabled?: boolean; onText: (text: string) => void }) {
  const [text, setText] = useState<string | null>(null)
  return (
    <input
      type="text"
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete="off"
      className={styles.qty}
      aria-label={label}
      value={text ?? String(value)}
      disabled={disabled}
      onFocus={(event) => {
        setText(String(value))
        event.target.select()
      }}
      onChange={(event) => {
        setText(event.target.value)
        onText(event.target.value)
      }}
      onBlur={() => setText(null)}
    />
  )
}
