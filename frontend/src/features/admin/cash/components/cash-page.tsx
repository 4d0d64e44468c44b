import { useId, useMemo, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { useConfirm } from '@/components/ui/confirm'
import { PageSpinner } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import { formatDate, formatPrice } from '@/lib/format'
import { usePageMeta } from '@/lib/seo'
import { adminErrorMessage } from '../../common/admin-error'
import styles from '../../common/admin.module.css'
import { LoadError, PageHeader } from '../../common/page-header'
import {
  downloadReportCsv,
  usePaymentReport,
  useRecordCashReceived,
  type MethodFigures,
  type PaymentReport,
} from '../api/payment-report'
import { CHART, CHART_DAYS, courierRounds, lastDays, methodBars, shortDay, today, type CourierRound } from '../cash-model'
import own from './cash.module.css'

export const REPORT_LOAD_FAILED = 'Erreur lors du chargement de la caisse'
export const CASH_RECORD_FAILED = "Le paiement n'a pas pu être enregistré. Réessayez."
export const CSV_FAILED = "Le fichier CSV n'a pas pu être téléchargé."

const orderLink = (id: string) => `/admin/orders/${encodeURIComponent(id)}`
const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`

/**
 * /admin/cash, « Caisse »: per Dakar day and per method, what the shop marked
 * paid, what Wave confirms and the cash recorded, refunds and the net; the
 * orders that need a look; and the cash of a courier's round received at once
 * (docs/rules.md#reconciliation).
 */
export function CashPage() {
  usePageMeta({ title: 'Caisse – Administration', noindex: true })
  const [period, setPeriod] = useState(() => lastDays(today(), CHART_DAYS))
  const report = usePaymentReport(period.from, period.to)
  const toast = useToast()

  const download = async () => {
    try {
      const blob = await downloadReportCsv(period.from, period.to)
      const url = URL.createObjectURL(blob)
      const link = document.createElement('a')
      link.href = url
      link.download = `paiements-${period.from}-${period.to}.csv`
      link.click()
      URL.revokeObjectURL(url)
    } catch (error) {
      toast.error(adminErrorMessage(error, CSV_FAILED))
    }
  }

  return (
    <section className={styles.page}>
      <PageHeader
        title="Caisse"
        subtitle="Wave et espèces, jour par jour (heure de Dakar) : ce qui est attendu, reçu et remboursé."
        actions={<Button variant="secondary" onClick={() => void download()}>Télécharger le CSV</Button>}
      />
      <PeriodForm from={period.from} to={period.to} onChange={setPeriod} />
      {report.isPending ? <PageSpinner label="Chargement de la caisse…" /> : null}
      {report.isError ? (
        <LoadError message={adminErrorMessage(report.error, REPORT_LOAD_FAILED)} onRetry={() => void report.refetch()} />
      ) : null}
      {report.data ? <Report report={report.data} /> : null}
    </section>
  )
}

function PeriodForm({ from, to, onChange }: { from: string; to: string; onChange: (p: { from: string; to: string }) => void }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    onChange({ from: String(data.get('from') ?? ''), to: String(data.get('to') ?? '') })
  }
  return (
    <form className={`${styles.toolbar} ${own.period}`} onSubmit={submit} aria-label="Période">
      <label className={styles.control}>
        Du
        <input className={styles.input} type="date" name="from" defaultValue={from} required />
      </label>
      <label className={styles.control}>
        Au
        <input className={styles.input} type="date" name="to" defaultValue={to} required />
      </label>
      <Button type="submit" variant="secondary">Afficher</Button>
    </form>
  )
}

function Report({ report }: { report: PaymentReport }) {
  const notes = report.wave.simulated ? ['Mode test : Wave est simulé.', ...report.wave.notes] : report.wave.notes
  return (
    <>
      {notes.length > 0 ? (
        <ul className={own.notes} aria-label="À savoir">
          {notes.map((note) => <li key={note}>{note}</li>)}
        </ul>
      ) : null}
      <div className={own.cards}>
        <Totals title="Wave" figures={report.totals.wave} fees={report.totals.waveReported?.fees ?? null} />
        <Totals title="Espèces (paiement à la livraison)" figures={report.totals.cash} fees={null} />
      </div>
      <MethodChart report={report} />
      <Attention report={report} />
      <Days report={report} />
    </>
  )
}

function Totals({ title, figures, fees }: { title: string; figures: MethodFigures; fees: number | null }) {
  const id = useId()
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h2 id={id} className={styles.panelTitle}>{title}</h2>
      <dl className={own.figures}>
        <dt>Commandes payées</dt>
        <dd>{figures.ordersPaid}</dd>
        <dt>Attendu</dt>
        <dd>{formatPrice(figures.expected)}</dd>
        <dt>Reçu</dt>
        <dd>{formatPrice(figures.received)}</dd>
        <dt>Remboursé</dt>
        <dd>{formatPrice(figures.refunds)}</dd>
        <dt>Net</dt>
        <dd className={figures.net < 0 ? own.negative : undefined}>{formatPrice(figures.net)}</dd>
        {fees !== null ? (
          <>
            <dt>Frais Wave</dt>
            <dd>{formatPrice(fees)}</dd>
          </>
        ) : null}
        {figures.unverified > 0 ? (
          <>
            <dt>Non vérifiées auprès de Wave</dt>
            <dd>{figures.unverified}</dd>
          </>
        ) : null}
      </dl>
    </section>
  )
}

/** What each till received, day by day, over the period's last 30 days. */
function MethodChart({ report }: { report: PaymentReport }) {
  const id = useId()
  const days = report.days.slice(-CHART_DAYS)
  const { bars, max } = methodBars(days)
  const every = Math.max(1, Math.ceil(days.length / 5))
  const axis = (value: number) => (value >= 1000 ? `${Math.round(value / 100) / 10} k` : String(value))
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h2 id={id} className={styles.panelTitle}>Reçu par jour</h2>
      <ul className={own.legend}>
        <li><span className={`${own.swatch} ${own.swatchWave}`} />Wave</li>
        <li><span className={`${own.swatch} ${own.swatchCash}`} />Espèces</li>
      </ul>
      <svg className={own.chart} viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-label={`Reçu par jour et par moyen de paiement, du ${shortDay(report.from)} au ${shortDay(report.to)}`}>
        {[0, 0.5, 1].map((share) => {
          const y = CHART.bottom - share * (CHART.bottom - CHART.top)
          return (
            <g key={share}>
              <line x1={0} x2={CHART.width} y1={y} y2={y} className={own.gridLine} />
              {share > 0 ? <text x={2} y={y + 3} dominantBaseline="hanging" className={own.axisText}>{axis(max * share)}</text> : null}
            </g>
          )
        })}
        {bars.map((bar) => (
          <rect key={`${bar.date}-${bar.method}`} x={bar.x} y={bar.y} width={bar.width} height={Math.max(bar.height, bar.value > 0 ? 1 : 0)} className={own[bar.method]}>
            <title>{`${shortDay(bar.date)} – ${bar.method === 'wave' ? 'Wave' : 'Espèces'} : ${formatPrice(bar.value)}`}</title>
          </rect>
        ))}
        {days.map((day, index) =>
          index % every === 0 || index === days.length - 1 ? (
            <text
              key={day.date}
              x={index === days.length - 1 ? CHART.width : (index * CHART.width) / days.length}
              y={CHART.height - 6}
              textAnchor={index === days.length - 1 ? 'end' : 'start'}
              className={own.axisText}
            >
              {shortDay(day.date)}
            </text>
          ) : null,
        )}
      </svg>
    </section>
  )
}

function Days({ report }: { report: PaymentReport }) {
  const withFees = report.days.some((day) => day.waveReported !== null)
  const money = (n: number) => <td className={`${styles.num} ${n < 0 ? own.negative : ''}`}>{formatPrice(n)}</td>
  return (
    <section className={styles.panel} aria-labelledby="cash-days">
      <h2 id="cash-days" className={styles.panelTitle}>Jour par jour</h2>
      {/* Wider than a phone: the keyboard scrolls it too. */}
      <div className={own.scroll} tabIndex={0} role="group" aria-label="Chiffres jour par jour, à faire défiler">
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Jour</th>
              <th scope="col">Wave payées</th>
              <th scope="col">Wave attendu</th>
              <th scope="col">Wave reçu</th>
              <th scope="col">Wave remboursé</th>
              <th scope="col">Wave net</th>
              {withFees ? <th scope="col">Frais Wave</th> : null}
              <th scope="col">Espèces payées</th>
              <th scope="col">Espèces attendu</th>
              <th scope="col">Espèces reçu</th>
              <th scope="col">Espèces remboursé</th>
              <th scope="col">Espèces net</th>
            </tr>
          </thead>
          <tbody>
            {[...report.days].reverse().map((day) => (
              <tr key={day.date} aria-label={`Le ${formatDate(`${day.date}T12:00:00Z`)}`}>
                <th scope="row">{shortDay(day.date)}</th>
                <td className={styles.num}>{day.wave.ordersPaid}</td>
                {money(day.wave.expected)}
                {money(day.wave.received)}
                {money(day.wave.refunds)}
                {money(day.wave.net)}
                {withFees ? <td className={styles.num}>{day.waveReported ? formatPrice(day.waveReported.fees) : '—'}</td> : null}
                <td className={styles.num}>{day.cash.ordersPaid}</td>
                {money(day.cash.expected)}
                {money(day.cash.received)}
                {money(day.cash.refunds)}
                {money(day.cash.net)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}

function Attention({ report }: { report: PaymentReport }) {
  const { waveNotConfirmed, waveNotMarked, cashNotRecorded } = report.attention
  const rounds = useMemo(() => courierRounds(cashNotRecorded), [cashNotRecorded])
  return (
    <>
      <section className={styles.panel} aria-labelledby="wave-not-confirmed">
        <h2 id="wave-not-confirmed" className={styles.panelTitle}>Payées, mais Wave ne montre pas le paiement</h2>
        {waveNotConfirmed.length === 0 ? (
          <p className={styles.muted}>Rien à signaler.</p>
        ) : (
          <ul className={own.list}>
            {waveNotConfirmed.map((order) => (
              <li key={order.orderId} className={own.item}>
                <Link to={orderLink(order.orderId)} className={`${styles.link} nowrap`}>{order.orderNumber}</Link>
                <span>{formatPrice(order.total)}</span>
                <span className={styles.muted}>{order.reason}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={styles.panel} aria-labelledby="wave-not-marked">
        <h2 id="wave-not-marked" className={styles.panelTitle}>Payées chez Wave, non marquées payées</h2>
        {waveNotMarked.length === 0 ? (
          <p className={styles.muted}>Rien à signaler.</p>
        ) : (
          <ul className={own.list}>
            {waveNotMarked.map((order) => (
              <li key={order.orderId} className={own.item}>
                <Link to={orderLink(order.orderId)} className={`${styles.link} nowrap`}>{order.orderNumber}</Link>
                <span>{formatPrice(order.amount)} reçus par Wave</span>
                <span className={styles.muted}>Session {order.sessionId}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={styles.panel} aria-labelledby="cash-not-recorded">
        <h2 id="cash-not-recorded" className={styles.panelTitle}>Livrées, espèces non reçues</h2>
        {rounds.length === 0 ? (
          <p className={styles.muted}>Aucune espèce en attente.</p>
        ) : (
          rounds.map((round) => <Round key={round.courier} round={round} />)
        )}
      </section>
    </>
  )
}

/** One courier's round: the orders whose cash they hold, and « Paiement reçu » for those chosen. */
function Round({ round }: { round: CourierRound }) {
  const [chosen, setChosen] = useState<Set<string>>(() => new Set())
  const record = useRecordCashReceived()
  const confirm = useConfirm()
  const toast = useToast()
  const headingId = useId()
  const selected = round.orders.filter((order) => chosen.has(order.orderId))
  const amount = selected.reduce((sum, order) => sum + order.total, 0)
  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })

  const receive = async () => {
    const ok = await confirm({
      title: 'Paiement reçu',
      text: `${round.courier} a remis ${formatPrice(amount)} pour ${plural(selected.length, 'commande')} ?`,
      confirmLabel: 'Confirmer',
    })
    if (!ok) return
    record.mutate(
      selected.map((order) => order.orderId),
      {
        onSuccess: (paid) => {
          setChosen(new Set())
          toast.success(`${plural(paid.length, 'commande')} marquée${paid.length > 1 ? 's' : ''} payée${paid.length > 1 ? 's' : ''}.`)
        },
        onError: (error) => toast.error(adminErrorMessage(error, CASH_RECORD_FAILED)),
      },
    )
  }

  return (
    <div className={own.round} role="group" aria-labelledby={headingId}>
      <div className={own.roundHead}>
        <h3 id={headingId}>
          {round.courier}
          {round.phone ? <span className={styles.muted}> · {round.phone}</span> : null}
          <span className={styles.muted}> · {formatPrice(round.total)}</span>
        </h3>
        <div className={styles.rowActions}>
          <button type="button" className={styles.iconButton} onClick={() => setChosen(new Set(round.orders.map((o) => o.orderId)))}>
            Tout cocher
          </button>
          <Button onClick={() => void receive()} disabled={selected.length === 0 || record.isPending}>
            Paiement reçu{selected.length > 0 ? ` (${formatPrice(amount)})` : ''}
          </Button>
        </div>
      </div>
      <ul className={own.list}>
        {round.orders.map((order) => (
          <li key={order.orderId} className={own.item}>
            <label className={own.check}>
              <input type="checkbox" checked={chosen.has(order.orderId)} onChange={() => toggle(order.orderId)} />
              <span className="nowrap">{order.orderNumber}</span>
            </label>
            <span>{formatPrice(order.total)}</span>
            <span className={styles.muted}>
              Livrée {order.ageDays === 0 ? "aujourd'hui" : `il y a ${plural(order.ageDays, 'jour')}`}
            </span>
            <Link to={orderLink(order.orderId)} className={styles.link} aria-label={`Voir la commande ${order.orderNumber}`}>
              Voir
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
