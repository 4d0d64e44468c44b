// How a trend served by the API is shown: real figures or nothing
// (docs/rules.md#back-office-figures). The percentage is the server's; this
// only words it.

/** What a figure is compared with: yesterday, or the same span of last month. */
export type TrendPeriod = 'day' | 'month'

const PERIODS: Record<TrendPeriod, { short: string; long: string }> = {
  day: { short: 'vs hier', long: 'par rapport à hier' },
  month: { short: 'vs mois dernier', long: 'par rapport à la même période du mois dernier' },
}

export interface TrendDisplay {
  direction: 'up' | 'down' | 'flat'
  /** '+50 %', '−20 %', '0 %' */
  text: string
  /** 'vs hier' */
  period: string
  /** Read by screen readers and shown on hover: 'En hausse de 50 % par rapport à hier'. */
  description: string
}

/** `percent` is the server's change against `period`; null (nothing to compare with) shows nothing at all. */
export function trendDisplay(percent: number | null | undefined, period: TrendPeriod): TrendDisplay | null {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return null
  const value = Math.round(percent)
  const size = Math.abs(value)
  const { short, long } = PERIODS[period]
  if (value > 0) return { direction: 'up', text: `+${size} %`, period: short, description: `En hausse de ${size} % ${long}` }
  if (value < 0) return { direction: 'down', text: `−${size} %`, period: short, description: `En baisse de ${size} % ${long}` }
  return { direction: 'flat', text: '0 %', period: short, description: `Stable ${long}` }
}
