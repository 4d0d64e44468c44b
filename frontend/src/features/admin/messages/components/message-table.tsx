// One table of messages: when, to whom, what, its state, attempts, last error,
// and « Renvoyer » for one that is not waiting to be sent.
import { Button } from '@/components/ui/button'
import { useToast } from '@/components/ui/toast'
import { formatDate } from '@/lib/format'
import { adminErrorMessage } from '../../common/admin-error'
import styles from '../../common/admin.module.css'
import { useResendMessage, type AdminMessage } from '../api/messages'

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
    <table className={styles.table}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Destinataire</th>
          <th scope="col">Message</th>
          <th scope="col">État</th>
          <th scope="col">Tentatives</th>
          <th scope="col">Dernière erreur</th>
          <th scope="col"><span className="sr-only">Actions</span></th>
        </tr>
      </thead>
      <tbody>
        {messages.map((message) => (
          <tr key={message.id}>
            <td>{formatDate(message.createdAt, { withTime: true })}</td>
            <td>{message.recipient}</td>
            <td>
              <strong>{message.kindLabel}</strong>
              <br />
              {message.subject}
            </td>
            <td>{message.stateLabel}</td>
            <td>{message.attempts}</td>
            <td>{message.lastError ?? '—'}</td>
            <td>
              {message.state === 'pending' ? null : (
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
  )
}
