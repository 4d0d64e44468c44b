import { useId, useState } from 'react'
import { formatPrice } from '@/lib/format'
import type { DaySales } from '../api/get-stats'
import { axisValue, CHART, chartGeometry, dateTicks, shortDay, type Metric } from '../sales-chart-model'
import styles from './dashboard.module.css'

const METRICS: { id: Metric; label: string }[] = [
  { id: 'revenue', label: "Chiffre d'affaires" },
  { id: 'orders', label: 'Commandes' },
]

const formatValue = (metric: Metric, value: number) =>
  metric === 'revenue' ? formatPrice(value) : `${value} commande${value > 1 ? 's' : ''}`

/** Sales of the last 30 days, one bar a day, with the figures in a table for screen readers. */
export function SalesChart({ days }: { days: DaySales[] }) {
  const [metric, setMetric] = useState<Metric>('revenue')
  const titleId = useId()
  const geometry = chartGeometry(days, metric)
  const total = days.reduce((sum, day) => sum + day[metric], 0)
  const last = geometry.bars.length - 1

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <div className={styles.chartHead}>
        <div>
          <h2 id={titleId} className={styles.panelTitle}>Ventes des 30 derniers jours</h2>
          <p className={styles.chartTotal}>Total : <strong>{formatValue(metric, total)}</strong></p>
        </div>
        <div className={styles.switch} role="group" aria-label="Afficher">
          {METRICS.map((item) => (
            <button
              key={item.id}
              type="button"
              aria-pressed={metric === item.id}
              className={metric === item.id ? styles.switchOn : undefined}
              onClick={() => setMetric(item.id)}
            >
              {item.label}
            </button>
          ))}
        </div>
      </div>
      <div className={styles.chart}>
        {/* The labels repeat what the table below says: screen readers read that instead. */}
        <div className={styles.valueAxis} aria-hidden="true">
          {geometry.ticks.map((tick) => (
            <span key={tick.y} style={{ top: `${(tick.y / CHART.height) * 100}%` }}>{axisValue(metric, tick.value)}</span>
          ))}
        </div>
        <svg
          className={styles.plot}
          viewBox={`0 0 ${CHART.width} ${CHART.height}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={`${METRICS.find((m) => m.id === metric)!.label} par jour sur 30 jours, total ${formatValue(metric, total)}`}
        >
          {geometry.ticks.map((tick) => (
            <line key={tick.y} x1={0} x2={CHART.width} y1={tick.y} y2={tick.y} className={styles.gridLine} />
          ))}
          {geometry.bars.map((bar) => (
            <rect key={bar.date} x={bar.x} y={bar.y} width={bar.width} height={Math.max(bar.height, bar.value > 0 ? 1 : 0)} className={styles.bar}>
              <title>{`${shortDay(bar.date)} : ${formatValue(metric, bar.value)}`}</title>
            </rect>
          ))}
        </svg>
        <div className={styles.dateAxis} aria-hidden="true">
          {dateTicks(geometry.bars.length).map((index) => {
            const bar = geometry.bars[index]!
            return (
              <span
                key={bar.date}
                // Today's date ends at the plot's edge instead of running past it.
                className={index === last ? styles.today : undefined}
                style={index === last ? undefined : { left: `${((bar.x + bar.width / 2) / CHART.width) * 100}%` }}
              >
                {shortDay(bar.date)}
              </span>
            )
          })}
        </div>
      </div>
      <details className={styles.figures}>
        <summary>Voir les chiffres jour par jour</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Jour</th>
              <th scope="col">Commandes</th>
              <th scope="col">Chiffre d'affaires</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <td>{shortDay(day.date)}</td>
                <td>{day.orders}</td>
                <td>{formatPrice(day.revenue)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  )
}
