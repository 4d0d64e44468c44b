// The confirmation of a cash-on-delivery order (docs/rules.md#cash-on-delivery):
// the admin reports each call, sends the signed link on WhatsApp, and sees
// every attempt with its time.
import { Button, ButtonAnchor } from '@/components/ui/button'
import { useToast } from '@/components/ui/toast'
import { confirmationLabel } from '@/config/orders'
import { formatDate } from '@/lib/format'
import { adminErrorMessage } from '../../common/admin-error'
import styles from '../../common/admin.module.css'
import type { AdminOrder } from '../api/order-schema'
import { useReportCall } from '../api/update-order'
import { confirmationWhatsAppUrl } from '../customer-contact'
import own from './order-detail.module.css'

export const CALL_REPORTED = 'Appel enregistré'
export const CALL_REPORT_FAILED = "Erreur lors de l'enregistrement de l'appel"

type Outcome = 'confirmed' | 'no_answer' | 'wrong_number'

const CALL_BUTTONS: { outcome: Outcome; label: string }[] = [
  { outcome: 'confirmed', label: 'Confirmer' },
  { outcome: 'no_answer', label: 'Pas de réponse' },
  { outcome: 'wrong_number', label: 'Numéro erroné' },
]

const TONES: Record<string, string | undefined> = {
  confirmed: styles.good,
  awaiting: styles.warn,
  no_answer: styles.warn,
  wrong_number: styles.bad,
}

/** Shown for cash-on-delivery orders only: a Wave order has no confirmation. */
export function ConfirmationPanel({ order }: { order: AdminOrder }) {
  const report = useReportCall()
  const toast = useToast()
  if (!order.confirmation) return null
  const attempts = order.confirmationAttempts ?? []
  const unanswered = attempts.filter((attempt) => attempt.outcome === 'no_answer').length
  const whatsapp = order.confirmable ? confirmationWhatsAppUrl(order) : null

  const send = (confirmation: Outcome) =>
    report.mutate(
      { id: order.id, confirmation },
      {
        onSuccess: () => toast.success(CALL_REPORTED),
        onError: (error) => toast.error(adminErrorMessage(error, CALL_REPORT_FAILED)),
      },
    )

  return (
    <section className={styles.panel} aria-labelledby="order-confirmation">
      <h2 id="order-confirmation" className={styles.panelTitle}>Confirmation</h2>
      <p className={own.current}>
        <span className={`${styles.badge} ${TONES[order.confirmation] ?? styles.neutral}`} data-testid="confirmation-state">
          {confirmationLabel(order.confirmation)}
        </span>
        {unanswered > 0 ? <span className={styles.muted}>{unanswered} appel{unanswered > 1 ? 's' : ''} sans réponse</span> : null}
      </p>
      {order.confirmable ? (
        <div className={own.contact} role="group" aria-label="Résultat de l’appel">
          {CALL_BUTTONS.map(({ outcome, label }) => (
            <Button
              key={outcome}
              variant={outcome === 'confirmed' ? 'primary' : 'secondary'}
              onClick={() => send(outcome)}
              disabled={report.isPending}
            >
              {label}
            </Button>
          ))}
        </div>
      ) : null}
      {whatsapp ? (
        <p>
          <ButtonAnchor href={whatsapp} target="_blank" rel="noopener noreferrer" variant="secondary" block>
            Demander la confirmation sur WhatsApp
          </ButtonAnchor>
        </p>
      ) : null}
      {attempts.length > 0 ? (
        <ol className={own.history} aria-label="Tentatives de confirmation">
          {attempts.map((attempt, index) => (
            <li key={`${attempt.at}-${index}`}>
              <strong>{confirmationLabel(attempt.outcome)}</strong>
              <span className={own.when}>{formatDate(attempt.at, { withTime: true })}</span>
              <span className={own.by}>par {attempt.by}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  )
}
