import { describe, expect, it } from 'vitest'
import type { CashOwed, ReportDay } from './api/payment-report'
import { addDays, courierRounds, lastDays, methodBars, NO_COURIER, today } from './cash-model'

const figures = (received: number) => ({ ordersPaid: 1, expected: received, received, unverified: 0, refunds: 0, net: received })
const day = (date: string, wave: number, cash: number): ReportDay => ({ date, wave: figures(wave), cash: figures(cash), waveReported: null })
const owed = (orderNumber: string, total: number, courierName: string | null): CashOwed => ({
  orderId: orderNumber,
  orderNumber,
  total,
  deliveredAt: '2026-11-20T10:00:00Z',
  ageDays: 2,
  courierName,
  courierPhone: null,
})

describe('the cash screen model', () => {
  it('counts Dakar days across months and takes 30 days ending today', () => {
    expect(today(new Date('2026-11-26T23:59:00Z'))).toBe('2026-11-26')
    expect(today(new Date('2026-11-27T00:01:00Z'))).toBe('2026-11-27')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(lastDays('2026-11-26', 30)).toEqual({ from: '2026-10-28', to: '2026-11-26' })
  })

  it('draws two bars a day, Wave and cash, on a round scale', () => {
    const { bars, max } = methodBars([day('2026-11-25', 45_000, 0), day('2026-11-26', 10_000, 20_000)])
    expect(max).toBe(50_000)
    expect(bars.map((b) => [b.date, b.method, b.value])).toEqual([
      ['2026-11-25', 'wave', 45_000],
      ['2026-11-25', 'cash', 0],
      ['2026-11-26', 'wave', 10_000],
      ['2026-11-26', 'cash', 20_000],
    ])
    expect(bars[0]!.height).toBeGreaterThan(bars[3]!.height)
    expect(bars[1]!.height).toBe(0)
    expect(bars[1]!.x).toBeGreaterThan(bars[0]!.x)
  })

  it('groups the cash owed by courier, the unnamed round last', () => {
    const rounds = courierRounds([owed('A', 5_000, 'Moussa'), owed('B', 7_000, null), owed('C', 3_000, 'Ablaye'), owed('D', 1_000, 'Moussa')])
    expect(rounds.map((r) => [r.courier, r.orders.map((o) => o.orderNumber), r.total])).toEqual([
      ['Ablaye', ['C'], 3_000],
      ['Moussa', ['A', 'D'], 6_000],
      [NO_COURIER, ['B'], 7_000],
    ])
  })
})
