import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { trendDisplay, type TrendPeriod } from '../trend'
import styles from './dashboard.module.css'

interface StatCardProps {
  label: string
  value: ReactNode
  /** The server's percentage against `period`; null or absent shows no trend. */
  trend?: number | null
  period?: TrendPeriod
  /** A real figure under the value ('Hier : 2', '117 clients'). */
  detail?: ReactNode
  /** The list the figure is about (pending orders, sold-out products). */
  to?: string
  tone?: 'default' | 'alert'
}

export function StatCard({ label, value, trend, period = 'day', detail, to, tone = 'default' }: StatCardProps) {
  const shown = trendDisplay(trend, period)
  const body = (
    <>
      <p className={styles.cardLabel}>{label}</p>
      <p className={styles.cardValue}>{value}</p>
      {shown ? (
        <p className={`${styles.trend} ${styles[shown.direction]}`} title={shown.description}>
          <span aria-hidden="true">{shown.direction === 'up' ? '▲' : shown.direction === 'down' ? '▼' : '■'} </span>
          <span aria-hidden="true">{shown.text}</span>
          <span className="visually-hidden">{shown.description}</span>
          <span className={styles.period} aria-hidden="true"> {shown.period}</span>
        </p>
      ) : null}
      {detail ? <p className={styles.cardDetail}>{detail}</p> : null}
    </>
  )
  const className = `${styles.card} ${tone === 'alert' ? styles.cardAlert : ''}`
  return to ? (
    <Link to={to} className={`${className} ${styles.cardLink}`}>{body}</Link>
  ) : (
    <div className={className}>{body}</div>
  )
}
