import type { ReactNode } from 'react'
import styles from './admin.module.css'

/** A column of an admin table. */
export interface Column<T> {
  header: string
  /** The header is for screen readers only (the actions column of products and orders). */
  hideHeader?: boolean
  /** The cell's label on a phone card (`data-label`): the header unless said; '' for none (actions). */
  label?: string
  /** Amounts: right-aligned, never wrapped. */
  numeric?: boolean
  cell: (item: T) => ReactNode
}

/**
 * The table of an admin list. On a phone (admin.module.css, max-width 768px)
 * each row becomes a card and each cell a "label: value" line, the label
 * taken from `data-label`.
 */
export function AdminTable<T>({ items, columns, rowKey }: { items: readonly T[]; columns: readonly Column<T>[]; rowKey: (item: T) => string }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.numeric ? styles.num : undefined}>
                {column.hideHeader ? <span className="visually-hidden">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={rowKey(item)}>
              {columns.map((column) => (
                <td key={column.header} data-label={column.label ?? column.header} className={column.numeric ? styles.num : undefined}>
                  {column.cell(item)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
