// What the « Caisse » screen computes from the server's report: the default
// period, the chart's bars, and the couriers' rounds of cash still owed. No
// figure is made here: sums and counts are the server's.
import { niceCeiling } from '../dashboard/sales-chart-model'
import type { CashOwed, ReportDay } from './api/payment-report'

/** The chart's days: the last 30, today included. */
export const CHART_DAYS = 30

const dakarDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Dakar', year: 'numeric', month: '2-digit', day: '2-digit' })

/** Today in Dakar, YYYY-MM-DD. */
export function today(now: Date = new Date()): string {
  return dakarDay.format(now)
}

/** `date` moved by `days` (YYYY-MM-DD in, YYYY-MM-DD out). */
export function addDays(date: string, days: number): string {
  const moved = new Date(`${date}T12:00:00Z`)
  moved.setUTCDate(moved.getUTCDate() + days)
  return moved.toISOString().slice(0, 10)
}

/** The `count` days ending with `last`. */
export function lastDays(last: string, count: number): { from: string; to: string } {
  return { from: addDays(last, -(count - 1)), to: last }
}

export const CHART = { width: 600, height: 200, top: 8, bottom: 176 } as const

export interface MethodBar {
  date: string
  method: 'wave' | 'cash'
  value: number
  x: number
  y: number
  width: number
  height: number
}

/** Two bars a day, Wave then cash, of what each till received that day. */
export function methodBars(days: ReportDay[]): { bars: MethodBar[]; max: number } {
  const values = days.flatMap((day) => [day.wave.received, day.cash.received])
  const max = Math.max(10_000, niceCeiling(Math.max(0, ...values)))
  const plot = CHART.bottom - CHART.top
  const slot = days.length > 0 ? CHART.width / days.length : CHART.width
  const width = (slot * 0.8) / 2
  const bars = days.flatMap((day, index) =>
    (['wave', 'cash'] as const).map((method, side) => {
      const value = Math.max(0, day[method].received)
      const height = (value / max) * plot
      return { date: day.date, method, value, x: index * slot + slot * 0.1 + side * width, y: CHART.bottom - height, width, height }
    }),
  )
  return { bars, max }
}

export const NO_COURIER = 'Livreur non indiqué'

export interface CourierRound {
  courier: string
  phone: string | null
  orders: CashOwed[]
  total: number
}

/** The cash still owed, by courier (the rounds to settle), oldest delivery first in each. */
export function courierRounds(owed: CashOwed[]): CourierRound[] {
  const rounds = new Map<string, CourierRound>()
  for (const order of owed) {
    const courier = order.courierName?.trim() || NO_COURIER
    const round = rounds.get(courier) ?? { courier, phone: order.courierPhone, orders: [], total: 0 }
    round.orders.push(order)
    round.total += order.total
    rounds.set(courier, round)
  }
  return [...rounds.values()].sort((a, b) =>
    a.courier === NO_COURIER ? 1 : b.courier === NO_COURIER ? -1 : a.courier.localeCompare(b.courier, 'fr'),
  )
}

/** '2026-11-05' → '05/11'. */
export function shortDay(date: string): string {
  const [, month, day] = date.split('-')
  return month && day ? `${day}/${month}` : date
}
