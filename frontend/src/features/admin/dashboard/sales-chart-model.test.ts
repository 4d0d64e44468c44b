import { describe, expect, it } from 'vitest'
import { makeSalesByDay } from '@/testing/admin'
import { axisValue, CHART, chartGeometry, dateTicks, niceCeiling, shortDay } from './sales-chart-model'

describe('niceCeiling', () => {
  it('rounds the top of the axis up to 1, 2, 2.5 or 5 × 10ⁿ', () => {
    expect(niceCeiling(0)).toBe(1)
    expect(niceCeiling(3)).toBe(5)
    expect(niceCeiling(45_000)).toBe(50_000)
    expect(niceCeiling(120_000)).toBe(200_000)
    expect(niceCeiling(2_100)).toBe(2_500)
    expect(niceCeiling(1_000)).toBe(1_000)
  })
})

describe('chartGeometry', () => {
  it('draws one bar per day, oldest left, heights in proportion to the round maximum', () => {
    const days = makeSalesByDay()
    const { bars, max, ticks } = chartGeometry(days, 'revenue')
    expect(bars).toHaveLength(30)
    expect(max).toBe(50_000)
    expect(bars[0]!.date).toBe(days[0]!.date)
    expect(bars[29]!.x).toBeGreaterThan(bars[28]!.x)
    const plot = CHART.bottom - CHART.top
    // The last day sold 45 000 FCFA: 90 % of the axis.
    expect(bars[29]!.height).toBeCloseTo(plot * 0.9)
    expect(bars[29]!.y + bars[29]!.height).toBeCloseTo(CHART.bottom)
    expect(bars[1]!.height).toBe(0)
    expect(ticks.map((t) => t.value)).toEqual([0, 25_000, 50_000])
  })

  it('draws the number of orders on its own scale', () => {
    const { max, bars } = chartGeometry(makeSalesByDay(), 'orders')
    expect(max).toBe(5)
    expect(bars[29]!.value).toBe(3)
  })

  it('keeps an empty month flat, on an axis of whole orders and round francs', () => {
    const days = makeSalesByDay().map((d) => ({ ...d, orders: 0, revenue: 0 }))
    const revenue = chartGeometry(days, 'revenue')
    expect(revenue.bars.every((b) => b.height === 0)).toBe(true)
    expect(revenue.ticks.map((t) => t.value)).toEqual([0, 5_000, 10_000])
    expect(chartGeometry(days, 'orders').ticks.map((t) => t.value)).toEqual([0, 1, 2])
  })
})

describe('shortDay', () => {
  it('writes the day and month', () => {
    expect(shortDay('2026-11-05')).toBe('05/11')
  })
})

describe('axisValue', () => {
  it('writes francs in k or M and orders as they are, with a French decimal comma', () => {
    expect(axisValue('revenue', 0)).toBe('0')
    expect(axisValue('revenue', 5_000)).toBe('5 k')
    expect(axisValue('revenue', 12_500)).toBe('12,5 k')
    expect(axisValue('revenue', 250_000)).toBe('250 k')
    expect(axisValue('revenue', 1_250_000)).toBe('1,25 M')
    expect(axisValue('orders', 2.5)).toBe('2,5')
    expect(axisValue('orders', 10)).toBe('10')
  })
})

describe('dateTicks', () => {
  it('dates today’s bar and one a week before it, none on the first two bars', () => {
    expect(dateTicks(30)).toEqual([8, 15, 22, 29])
    expect(dateTicks(10)).toEqual([2, 9])
    expect(dateTicks(8)).toEqual([7])
    expect(dateTicks(1)).toEqual([0])
    expect(dateTicks(0)).toEqual([])
  })
})
