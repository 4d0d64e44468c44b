import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import styles from './admin.module.css'
import { AdminTable, type Column } from './admin-table'

interface Fruit {
  id: string
  name: string
  price: number
}

const FRUITS: Fruit[] = [
  { id: 'f1', name: 'Mangue', price: 500 },
  { id: 'f2', name: 'Bissap', price: 1_000 },
]

const COLUMNS: Column<Fruit>[] = [
  { header: 'Nom', cell: (fruit) => <strong>{fruit.name}</strong> },
  { header: 'Prix', numeric: true, cell: (fruit) => `${fruit.price} FCFA` },
  { header: 'Actions', hideHeader: true, label: '', cell: (fruit) => <button type="button">Voir {fruit.name}</button> },
]

describe('AdminTable', () => {
  it('has one header per column, in order; a hidden header is read by screen readers only', () => {
    render(<AdminTable items={FRUITS} columns={COLUMNS} rowKey={(fruit) => fruit.id} />)
    const headers = screen.getAllByRole('columnheader')
    expect(headers.map((th) => th.textContent)).toEqual(['Nom', 'Prix', 'Actions'])
    expect(headers.every((th) => th.getAttribute('scope') === 'col')).toBe(true)
    expect(within(headers[2]!).getByText('Actions')).toHaveClass('visually-hidden')
    expect(headers[0]!.querySelector('.visually-hidden')).toBeNull()
  })

  it('renders a row per item, each cell from its column', () => {
    render(<AdminTable items={FRUITS} columns={COLUMNS} rowKey={(fruit) => fruit.id} />)
    const rows = screen.getAllByRole('row').slice(1)
    expect(rows).toHaveLength(2)
    expect(within(rows[0]!).getAllByRole('cell').map((td) => td.textContent)).toEqual(['Mangue', '500 FCFA', 'Voir Mangue'])
    expect(within(rows[1]!).getByRole('button', { name: 'Voir Bissap' })).toBeInTheDocument()
  })

  it('labels each cell for the phone cards: the header, or nothing for the actions', () => {
    render(<AdminTable items={FRUITS} columns={COLUMNS} rowKey={(fruit) => fruit.id} />)
    const cells = within(screen.getAllByRole('row')[1]!).getAllByRole('cell')
    expect(cells.map((td) => td.getAttribute('data-label'))).toEqual(['Nom', 'Prix', ''])
  })

  it('aligns numeric columns, header and cells, and no other', () => {
    render(<AdminTable items={FRUITS} columns={COLUMNS} rowKey={(fruit) => fruit.id} />)
    const [name, price] = screen.getAllByRole('columnheader')
    expect(price).toHaveClass(styles.num!)
    expect(name).not.toHaveAttribute('class')
    const cells = within(screen.getAllByRole('row')[1]!).getAllByRole('cell')
    expect(cells[1]).toHaveClass(styles.num!)
    expect(cells[0]).not.toHaveAttribute('class')
  })

  it('is a table inside the shared wrapper, whose rows the stylesheet turns into cards on a phone', () => {
    render(<AdminTable items={[]} columns={COLUMNS} rowKey={(fruit) => fruit.id} />)
    const table = screen.getByRole('table')
    expect(table).toHaveClass(styles.table!)
    expect(table.parentElement).toHaveClass(styles.tableWrap!)
    expect(screen.getAllByRole('row')).toHaveLength(1)
  })
})
