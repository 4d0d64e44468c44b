// /admin/conversations: the customers who wrote on WhatsApp, the latest first,
// each with their last message, how many staff have not opened, and their
// latest order; a conversation opens on its own page.
import { Link, useSearchParams } from 'react-router'
import { PageSpinner } from '@/components/ui/spinner'
import { formatDate } from '@/lib/format'
import { formatPhone } from '@/lib/phone'
import { usePageMeta } from '@/lib/seo'
import { adminErrorMessage } from '../../common/admin-error'
import styles from '../../common/admin.module.css'
import { LoadError, PageHeader } from '../../common/page-header'
import { useConversations } from '../api/conversations'
import own from './conversations.module.css'

export const CONVERSATIONS_LOAD_FAILED = 'Erreur lors du chargement des conversations'
export const NO_CONVERSATIONS = "Aucun client ne vous a encore écrit sur WhatsApp."

export const conversationPath = (phone: string) => `/admin/conversations/${encodeURIComponent(phone)}`

export function ConversationsPage() {
  usePageMeta({ title: 'Conversations – Administration', noindex: true })
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Number(params.get('page')) || 1)
  const conversations = useConversations(page)
  return (
    <section className={styles.page}>
      <PageHeader title="Conversations" />
      {conversations.isPending ? (
        <PageSpinner label="Chargement des conversations…" />
      ) : conversations.isError ? (
        <LoadError
          message={adminErrorMessage(conversations.error, CONVERSATIONS_LOAD_FAILED)}
          onRetry={() => void conversations.refetch()}
        />
      ) : conversations.data.data.length === 0 ? (
        <p>{NO_CONVERSATIONS}</p>
      ) : (
        <>
          <ul className={own.list}>
            {conversations.data.data.map((c) => (
              <li key={c.phone} className={own.item}>
                <Link to={conversationPath(c.phone)} className={own.who}>
                  {c.profileName || formatPhone(c.phone)}
                  {c.unseen > 0 ? <span className={own.unseen}> {c.unseen} non lu{c.unseen > 1 ? 's' : ''}</span> : null}
                </Link>
                <span className={own.meta}>
                  {formatPhone(c.phone)} · {formatDate(c.last.sentAt, { withTime: true })}
                  {c.latestOrder ? <> · <Link to={`/admin/orders/${c.latestOrder.id}`}>{c.latestOrder.orderNumber}</Link></> : null}
                </span>
                <span className={own.last}>{c.last.text}</span>
              </li>
            ))}
          </ul>
          {conversations.data.pagination.totalPages > 1 ? (
            <p>
              Page {page} sur {conversations.data.pagination.totalPages}{' '}
              {page > 1 ? <button type="button" onClick={() => setParams({ page: String(page - 1) })}>Précédente</button> : null}{' '}
              {page < conversations.data.pagination.totalPages ? (
                <button type="button" onClick={() => setParams({ page: String(page + 1) })}>Suivante</button>
              ) : null}
            </p>
          ) : null}
        </>
      )}
    </section>
  )
}
