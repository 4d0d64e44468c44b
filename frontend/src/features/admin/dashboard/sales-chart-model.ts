// Geometry of the dashboard's 30-day sales chart, drawn by hand in SVG: no
// chart library for thirty bars (nothing heavy for admins either).
import type { DaySales } from './api/get-stats'

export type Metric = 'revenue' | 'orders'

export interface Bar {
  date: string
  value: number
  x: number
  y: number
  width: number
  height: number
}

export interface ChartGeometry {
  bars: Bar[]
  /** The value at the top of the plot (a round number at least the largest bar). */
  max: number
  /** Horizontal guide lines: value and height in the drawing. */
  ticks: { value: number; y: number }[]
}

/**
 * The plot alone, in the drawing's units: the SVG is stretched to its box, and the axis
 * labels are HTML around it (sales-chart.tsx), so that their letters keep the page's size
 * on a phone as on a laptop and no bar covers them.
 */
export const CHART = { width: 600, height: 160, top: 0, bottom: 160, gap: 0.25 } as const

/** The smallest of 1, 2, 2.5, 5 × 10ⁿ that is ≥ `value` (0 → 1): axis ends on a round figure. */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1
  const power = 10 ** Math.floor(Math.log10(value))
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * power >= value) return step * power
  }
  return 10 * power
}

/**
 * The least top of the axis: its middle line must read as something real
 * (1 order, 5 000 FCFA), not half an order or half a franc on an empty month.
 */
const AXIS_FLOOR: Record<Metric, number> = { orders: 2, revenue: 10_000 }

/** One bar per day, left (oldest) to right (today), scaled to a round maximum. */
export function chartGeometry(days: DaySales[], metric: Metric): ChartGeometry {
  const values = days.map((day) => Math.max(0, day[metric]))
  const max = Math.max(AXIS_FLOOR[metric], niceCeiling(Math.max(0, ...values)))
  const plot = CHART.bottom - CHART.top
  const slot = days.length > 0 ? CHART.width / days.length : CHART.width
  const width = slot * (1 - CHART.gap)
  const bars = days.map((day, index) => {
    const value = values[index]!
    const height = (value / max) * plot
    return { date: day.date, value, x: index * slot + (slot - width) / 2, y: CHART.bottom - height, width, height }
  })
  const ticks = [0, 0.5, 1].map((share) => ({ value: max * share, y: CHART.bottom - share * plot }))
  return { bars, max, ticks }
}

/** '2026-11-05' → '05/11' (the day as written on the axis). */
export function shortDay(date: string): string {
  const [, month, day] = date.split('-')
  return month && day ? `${day}/${month}` : date
}

const axisNumber = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 })

/** A value on the axis, short for its narrow column: '2,5' orders, '45 k' or '1,25 M' francs. */
export function axisValue(metric: Metric, value: number): string {
  if (metric === 'orders' || value < 1000) return axisNumber.format(value)
  return value >= 1_000_000 ? `${axisNumber.format(value / 1_000_000)} M` : `${axisNumber.format(value / 1000)} k`
}

/**
 * The days whose date is written under the bars: today's and one a week before it (the same
 * day of the week), oldest first. None on the first two bars: centred there, a date would
 * run off the left edge of a phone's plot.
 */
export function dateTicks(count: number): number[] {
  const ticks: number[] = []
  for (let index = count - 1; index >= 0; index -= 7) {
    if (index >= 2 || index === count - 1) ticks.unshift(index)
  }
  return ticks
}
