// One table of messages: when, to whom (by e-mail or on WhatsApp), what (its
// body behind « Lire »), its state and, on WhatsApp, Meta's ticks, attempts, last error, and « Renvoyer » for one that is not waiting to
// be sent (never a login code: the server says which). A reset link's or a code's body comes
// withheld by the server.
import { Button } from '@/components/ui/button'
import { useToast } from '@/components/ui/toast'
import { formatDate } from '@/lib/format'
import { adminErrorMessage } from '../../common/admin-error'
import styles from '../../common/admin.module.css'
import own from './messages.module.css'
import { useResendMessage, type AdminMessage } from '../api/messages'
import { DeliveryTicks } from './delivery-ticks'

export const RESENT = 'Message remis en envoi'
export const RESEND_FAILED = "Le message n'a pas pu être remis en envoi"

export function MessageTable({ messages, caption }: { messages: AdminMessage[]; caption: string }) {
  const resend = useResendMessage()
  const toast = useToast()
  const onResend = (id: string) =>
    resend.mutate(id, {
      onSuccess: () => toast.success(RESENT),
      onError: (error) => toast.error(adminErrorMessage(error, RESEND_FAILED)),
    })
  return (
    // Seven columns outgrow an order page's main column on a laptop: they scroll inside it
    // rather than spill over the customer's card beside it.
    <div className={own.scroll}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Destinataire</th>
            <th scope="col">Message</th>
            <th scope="col">État</th>
            <th scope="col">Tentatives</th>
            <th scope="col">Dernière erreur</th>
            <th scope="col"><span className="visually-hidden">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {messages.map((message) => (
            <tr key={message.id}>
              <td>{formatDate(message.createdAt, { withTime: true })}</td>
              <td>
                {message.channel === 'whatsapp' ? <span className={own.channel}>WhatsApp</span> : null}
                {message.recipient}
              </td>
              <td>
                <strong>{message.kindLabel}</strong>
                <br />
                {message.subject}
                <details className={own.read}>
                  <summary>
                    Lire<span className="visually-hidden"> : {message.kindLabel} à {message.recipient}</span>
                  </summary>
                  <p className={own.body}>{message.text}</p>
                </details>
              </td>
              <td>
                {message.stateLabel}
                {message.delivery ? <><br /><DeliveryTicks delivery={message.delivery} /></> : null}
              </td>
              <td>{message.attempts}</td>
              <td>{message.lastError ?? '—'}</td>
              <td>
                {!message.resendable ? null : (
                  <Button
                    type="button"
                    variant="secondary"
                    disabled={resend.isPending}
                    aria-label={`Renvoyer ${message.kindLabel} à ${message.recipient}`}
                    onClick={() => onResend(message.id)}
                  >
                    Renvoyer
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
