import { describe, expect, it } from 'vitest'
import { trendDisplay } from './trend'

describe('trendDisplay', () => {
  it('shows nothing when the server has nothing to compare with', () => {
    expect(trendDisplay(null, 'day')).toBeNull()
    expect(trendDisplay(undefined, 'day')).toBeNull()
    expect(trendDisplay(Number.NaN, 'day')).toBeNull()
  })

  it('words a rise, a fall and no change with the period', () => {
    expect(trendDisplay(50, 'day')).toEqual({ direction: 'up', text: '+50 %', period: 'vs hier', description: 'En hausse de 50 % par rapport à hier' })
    expect(trendDisplay(-20, 'month')).toEqual({
      direction: 'down',
      text: '−20 %',
      period: 'vs mois dernier',
      description: 'En baisse de 20 % par rapport à la même période du mois dernier',
    })
    expect(trendDisplay(0, 'day')).toEqual({ direction: 'flat', text: '0 %', period: 'vs hier', description: 'Stable par rapport à hier' })
  })

  it('shows a whole percentage', () => {
    expect(trendDisplay(33.4, 'day')?.text).toBe('+33 %')
  })
})
