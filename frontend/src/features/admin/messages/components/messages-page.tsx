// /admin/messages: the outbox, every message by default (« Tous »: opening on
// the failures showed an empty page while messages waited), filterable by
// state, each with « Lire » and « Renvoyer » when not waiting to be sent.
import { useSearchParams } from 'react-router'
import { PageSpinner } from '@/components/ui/spinner'
import { PERMISSIONS, useCan } from '@/lib/permissions'
import { usePageMeta } from '@/lib/seo'
import { adminErrorMessage } from '../../common/admin-error'
import styles from '../../common/admin.module.css'
import { LoadError, PageHeader } from '../../common/page-header'
import { MESSAGE_STATES, MESSAGE_STATE_LABELS, useAdminMessages } from '../api/messages'
import { MessageTable } from './message-table'
import { WhatsAppCosts } from './whatsapp-costs'

export const MESSAGES_LOAD_FAILED = 'Erreur lors du chargement des messages'
export const NO_MESSAGES = 'Aucun message.'

export function MessagesPage() {
  usePageMeta({ title: 'Messages – Administration', noindex: true })
  const [params, setParams] = useSearchParams()
  const state = params.get('state') ?? 'all'
  const page = Math.max(1, Number(params.get('page')) || 1)
  const messages = useAdminMessages(state === 'all' ? '' : state, page)
  const choose = (next: string) => setParams({ state: next }, { replace: true })
  const go = (next: number) => setParams({ state, page: String(next) })
  const readsFigures = useCan()(PERMISSIONS.readFigures)
  return (
    <section className={styles.page}>
      <PageHeader title="Messages" />
      {readsFigures ? <WhatsAppCosts /> : null}
      <label>
        État{' '}
        <select value={state} onChange={(event) => choose(event.target.value)}>
          <option value="all">Tous</option>
          {MESSAGE_STATES.map((s) => (
            <option key={s} value={s}>{MESSAGE_STATE_LABELS[s]}</option>
          ))}
        </select>
      </label>
      {messages.isPending ? (
        <PageSpinner label="Chargement des messages…" />
      ) : messages.isError ? (
        <LoadError message={adminErrorMessage(messages.error, MESSAGES_LOAD_FAILED)} onRetry={() => void messages.refetch()} />
      ) : messages.data.data.length === 0 ? (
        <p>{NO_MESSAGES}</p>
      ) : (
        <>
          <MessageTable messages={messages.data.data} caption="Messages" />
          <p>
            Page {messages.data.pagination.page} sur {Math.max(1, messages.data.pagination.totalPages)} ({messages.data.pagination.totalItems} messages){' '}
            {page > 1 ? <button type="button" onClick={() => go(page - 1)}>Précédente</button> : null}{' '}
            {page < messages.data.pagination.totalPages ? <button type="button" onClick={() => go(page + 1)}>Suivante</button> : null}
          </p>
        </>
      )}
    </section>
  )
}
