import { useId, useState } from 'react'
import { formatPrice } from '@/lib/format'
import type { DaySales } from '../api/get-stats'
import { CHART, chartGeometry, shortDay, type Metric } from '../sales-chart-model'
import styles from './dashboard.module.css'

const METRICS: { id: Metric; label: string }[] = [
  { id: 'revenue', label: "Chiffre d'affaires" },
  { id: 'orders', label: 'Commandes' },
]

const formatValue = (metric: Metric, value: number) =>
  metric === 'revenue' ? formatPrice(value) : `${value} commande${value > 1 ? 's' : ''}`

/** Axis labels: '45 k' rather than '45 000 FCFA' in the narrow margin. */
function axisLabel(metric: Metric, value: number): string {
  if (metric === 'orders') return String(Math.round(value * 10) / 10)
  return value >= 1000 ? `${Math.round(value / 100) / 10} k` : String(value)
}

/** Sales of the last 30 days, one bar a day, with the figures in a table for screen readers. */
export function SalesChart({ days }: { days: DaySales[] }) {
  const [metric, setMetric] = useState<Metric>('revenue')
  const titleId = useId()
  const geometry = chartGeometry(days, metric)
  const total = days.reduce((sum, day) => sum + day[metric], 0)
  // About five dates on the axis, and today's; none crowding today's at the right end.
  const every = Math.max(1, Math.ceil(days.length / 5))

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
      <svg
        className={styles.chart}
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        role="img"
        aria-label={`${METRICS.find((m) => m.id === metric)!.label} par jour sur 30 jours, total ${formatValue(metric, total)}`}
      >
        {geometry.ticks.map((tick) => (
          <g key={tick.y}>
            <line x1={0} x2={CHART.width} y1={tick.y} y2={tick.y} className={styles.gridLine} />
            {tick.value > 0 ? (
              // Under its line, so the top one stays inside the drawing.
              <text x={2} y={tick.y + 3} dominantBaseline="hanging" className={styles.axisText}>{axisLabel(metric, tick.value)}</text>
            ) : null}
          </g>
        ))}
        {geometry.bars.map((bar, index) => (
          <g key={bar.date}>
            <rect x={bar.x} y={bar.y} width={bar.width} height={Math.max(bar.height, bar.value > 0 ? 1 : 0)} className={styles.bar}>
              <title>{`${shortDay(bar.date)} : ${formatValue(metric, bar.value)}`}</title>
            </rect>
            {index % every === 0 || index === geometry.bars.length - 1 ? (
              <text
                x={index === 0 ? 0 : index === geometry.bars.length - 1 ? CHART.width : bar.x + bar.width / 2}
                y={CHART.height - 6}
                // The first and last dates stay inside the edges instead of running off them.
                textAnchor={index === 0 ? 'start' : index === geometry.bars.length - 1 ? 'end' : 'middle'}
                className={styles.axisText}
              >
                {shortDay(bar.date)}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
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
