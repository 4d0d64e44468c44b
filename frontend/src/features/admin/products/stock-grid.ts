// The stock grid of the product form and of the quick stock editor: one
// quantity per colour × size (accessories: per colour, size `unique`).
import { compareSizes } from '@/config/catalog'

export type StockGrid = Record<string, Record<string, number>>

/** Accessories are sold in one size. */
export const UNIQUE_SIZE = 'unique'

/** Shortcuts per colour: add 5 to each size, set each to 10, set each to 0. */
export const STOCK_SHORTCUTS = [
  { id: 'add5', label: '+5', describe: 'Ajouter 5 à chaque taille' },
  { id: 'set10', label: '10', describe: 'Mettre chaque taille à 10' },
  { id: 'set0', label: '0', describe: 'Mettre chaque taille à 0' },
] as const
export type StockShortcut = (typeof STOCK_SHORTCUTS)[number]['id']

/**
 * 'Noir, Blanc ,, bleu  marine, noir' → ['noir', 'blanc', 'bleu marine']:
 * comma-separated, trimmed, lowercased (docs/rules.md#catalogue), inner spaces folded,
 * empties and repeats dropped.
 */
export function parseColors(text: string): string[] {
  const colors: string[] = []
  for (const part of text.split(',')) {
    const color = part.trim().replace(/\s+/g, ' ').toLocaleLowerCase('fr-FR')
    if (color && !colors.includes(color)) colors.push(color)
  }
  return colors
}

/** The sizes of the grid: `unique` for an accessory, else the chosen sizes in shop order. */
export function gridSizes(category: string, sizes: readonly string[]): string[] {
  if (category === 'accessoire') return [UNIQUE_SIZE]
  return [...new Set(sizes)].sort(compareSizes)
}

/**
 * A full grid for `colors` × `sizes`, keeping the quantities of `previous`
 * where the variant still exists and 0 elsewhere. Renaming a colour in the
 * text therefore starts it at 0: a typo fixed cannot carry stock over by surprise.
 */
export function shapeGrid(colors: readonly string[], sizes: readonly string[], previous: StockGrid = {}): StockGrid {
  const grid: StockGrid = {}
  for (const color of colors) {
    grid[color] = {}
    for (const size of sizes) grid[color][size] = previous[color]?.[size] ?? 0
  }
  return grid
}

/**
 * What a stock input's text means: a whole number from 0, or null when it
 * must be ignored (a negative value is ignored). An emptied
 * input is 0.
 */
export function parseQuantity(text: string): number | null {
  const trimmed = text.trim()
  if (trimmed === '') return 0
  if (!/^\d+$/.test(trimmed)) return null
  const value = Number(trimmed)
  return Number.isSafeInteger(value) && value <= 2_147_483_647 ? value : null
}

/** `grid` with one quantity changed; the same grid when the text is refused. */
export function setQuantity(grid: StockGrid, color: string, size: string, text: string): StockGrid {
  const value = parseQuantity(text)
  if (value === null || !(color in grid) || !(size in grid[color]!)) return grid
  if (grid[color]![size] === value) return grid
  return { ...grid, [color]: { ...grid[color], [size]: value } }
}

/** A shortcut applied to every size of one colour. */
export function applyShortcut(grid: StockGrid, color: string, shortcut: StockShortcut): StockGrid {
  const row = grid[color]
  if (!row) return grid
  const next: Record<string, number> = {}
  for (const [size, quantity] of Object.entries(row)) {
    next[size] = shortcut === 'add5' ? quantity + 5 : shortcut === 'set10' ? 10 : 0
  }
  return { ...grid, [color]: next }
}

export function colorTotal(grid: StockGrid, color: string): number {
  return Object.values(grid[color] ?? {}).reduce((sum, n) => sum + n, 0)
}

export function totalStock(grid: StockGrid): number {
  return Object.keys(grid).reduce((sum, color) => sum + colorTotal(grid, color), 0)
}

/** Same colours, sizes and quantities (key order aside). */
export function sameGrid(a: StockGrid, b: StockGrid): boolean {
  const colors = Object.keys(a)
  if (colors.length !== Object.keys(b).length) return false
  return colors.every((color) => {
    const rowA = a[color]!
    const rowB = b[color]
    if (!rowB || Object.keys(rowA).length !== Object.keys(rowB).length) return false
    return Object.entries(rowA).every(([size, n]) => rowB[size] === n)
  })
}

/** Only the variants whose quantity differs from `before` (what PUT /products/{id}/stock needs). */
export function changedVariants(before: StockGrid, after: StockGrid): StockGrid {
  const changes: StockGrid = {}
  for (const [color, row] of Object.entries(after)) {
    for (const [size, quantity] of Object.entries(row)) {
      if (before[color]?.[size] === quantity) continue
      changes[color] = { ...changes[color], [size]: quantity }
    }
  }
  return changes
}
