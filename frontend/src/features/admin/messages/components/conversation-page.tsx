// /admin/conversations/:phone: one customer's WhatsApp conversation, oldest
// first (what they wrote, what the shop sent with its ticks), and staff's
// answer in free text while WhatsApp's 24-hour window is open. After it, only
// an approved template may go, and the screen says so.
import { useId, useState, type FormEvent } from 'react'
import { Link, useParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { PageSpinner } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import { formatDate } from '@/lib/format'
import { formatPhone } from '@/lib/phone'
import { usePageMeta } from '@/lib/seo'
import { adminErrorMessage } from '../../common/admin-error'
import styles from '../../common/admin.module.css'
import { LoadError, PageHeader } from '../../common/page-header'
import { useReply, useThread, type Thread } from '../api/conversations'
import own from './conversations.module.css'
import { DeliveryTicks } from './delivery-ticks'

export const THREAD_LOAD_FAILED = 'Erreur lors du chargement de la conversation'
export const REPLY_SENT = 'Réponse envoyée sur WhatsApp'
export const REPLY_FAILED = "La réponse n'a pas pu être envoyée"
export const WINDOW_CLOSED =
  "Plus de 24 h depuis le dernier message de ce client : WhatsApp n'accepte plus qu'un modèle approuvé. Écrivez-lui quand il vous aura répondu."
const REPLY_MAX = 4096

export function ConversationPage() {
  const { phone = '' } = useParams()
  usePageMeta({ title: `Conversation ${formatPhone(phone)} – Administration`, noindex: true })
  const thread = useThread(phone)
  return (
    <section className={styles.page}>
      <PageHeader title={`Conversation avec ${formatPhone(phone)}`} />
      <p><Link to="/admin/conversations">← Toutes les conversations</Link></p>
      {thread.isPending ? (
        <PageSpinner label="Chargement de la conversation…" />
      ) : thread.isError ? (
        <LoadError message={adminErrorMessage(thread.error, THREAD_LOAD_FAILED)} onRetry={() => void thread.refetch()} />
      ) : (
        <>
          {thread.data.latestOrder ? (
            <p>
              Dernière commande :{' '}
              <Link to={`/admin/orders/${thread.data.latestOrder.id}`}>{thread.data.latestOrder.orderNumber}</Link>
            </p>
          ) : null}
          <Entries thread={thread.data} />
          {thread.data.windowOpen ? <ReplyForm phone={phone} closesAt={thread.data.windowClosesAt} /> : <p role="note">{WINDOW_CLOSED}</p>}
        </>
      )}
    </section>
  )
}

function Entries({ thread }: { thread: Thread }) {
  return (
    <ol className={own.thread} aria-label="Messages">
      {thread.entries.map((entry) =>
        entry.received ? (
          <li key={entry.received.id} className={`${own.bubble} ${own.in}`}>
            {entry.received.text}
            <span className={own.when}>Client · {formatDate(entry.at, { withTime: true })}</span>
          </li>
        ) : entry.sent ? (
          <li key={entry.sent.id} className={`${own.bubble} ${own.out}`}>
            {entry.sent.text}
            <span className={own.when}>
              {entry.sent.kindLabel} · {formatDate(entry.at, { withTime: true })} ·{' '}
              {entry.sent.delivery ? <DeliveryTicks delivery={entry.sent.delivery} /> : entry.sent.stateLabel}
            </span>
          </li>
        ) : null,
      )}
    </ol>
  )
}

function ReplyForm({ phone, closesAt }: { phone: string; closesAt: string | null }) {
  const id = useId()
  const [text, setText] = useState('')
  const reply = useReply(phone)
  const toast = useToast()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    reply.mutate(text, {
      onSuccess: () => {
        setText('')
        toast.success(REPLY_SENT)
      },
      onError: (error) => toast.error(adminErrorMessage(error, REPLY_FAILED)),
    })
  }
  return (
    <form className={own.reply} onSubmit={submit}>
      <label className={styles.control} htmlFor={id}>
        Votre réponse
        <textarea
          id={id}
          className={styles.input}
          rows={3}
          maxLength={REPLY_MAX}
          required
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={`${id}-hint`}
        />
      </label>
      {closesAt ? (
        <p id={`${id}-hint`} className={own.hint}>
          Texte libre possible jusqu’au {formatDate(closesAt, { withTime: true })}.
        </p>
      ) : null}
      <Button type="submit" disabled={reply.isPending || text.trim() === ''}>Envoyer</Button>
    </form>
  )
}
