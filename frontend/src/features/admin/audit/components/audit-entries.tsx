// Entries of the journal as cards (a 360-px phone reads them as well as a desktop): when, who
// (e-mail and role then), what (the action's label and its target, linked to an order's or a
// product's page), and each field changed as « champ : avant → après ».
import { Link } from 'react-router'
import { labelOf } from '@/lib/codes'
import { formatDate } from '@/lib/format'
import styles from '../../common/admin.module.css'
import { ROLE_LABELS } from '../../users/api/user-schema'
import type { AuditChange, AuditEntry } from '../api/audit'
import { actionLabel, targetHref, targetText, valueText } from '../audit-labels'
import own from './journal.module.css'

interface AuditEntriesProps {
  entries: readonly AuditEntry[]
  label: string
  /** The entries' targets: left out on the page of their own order or product. */
  showTarget?: boolean
  /** The address and the request of each entry (the journal's page, for an inquiry). */
  showRequest?: boolean
}

export function AuditEntries({ entries, label, showTarget = true, showRequest = false }: AuditEntriesProps) {
  return (
    <ol className={own.entries} aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.id} className={own.entry}>
          <p className={own.meta}>
            <time dateTime={entry.at} className={own.when}>{formatDate(entry.at, { withTime: true })}</time>
            <span className={own.who}>
              {entry.actor.email}{' '}
              <span className={`${styles.badge} ${styles.neutral}`}>{labelOf(ROLE_LABELS, entry.actor.role)}</span>
            </span>
          </p>
          <p className={own.what}>
            <strong>{actionLabel(entry.action)}</strong>
            {showTarget && (entry.target.id || entry.target.label) ? <> · <Target entry={entry} /></> : null}
          </p>
          {entry.changes.length > 0 ? (
            <ul className={own.changes} aria-label="Changements">
              {entry.changes.map((change, index) => (
                <li key={`${change.field}-${index}`}>
                  <Change change={change} />
                </li>
              ))}
            </ul>
          ) : null}
          {showRequest ? (
            <p className={`${styles.muted} ${own.request}`}>
              IP {entry.ip || '—'} · requête {entry.requestId || '—'}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  )
}

function Target({ entry }: { entry: AuditEntry }) {
  const href = targetHref(entry.target, entry.action)
  const text = targetText(entry.target)
  return href ? <Link to={href} className={styles.link}>{text}</Link> : <span>{text}</span>
}

/** « status : pending → processing »; a line with neither value (« … et 12 autres champs ») is its field alone. */
export function Change({ change }: { change: AuditChange }) {
  const nothing = (change.before === null || change.before === undefined) && (change.after === null || change.after === undefined)
  if (nothing) return <span className={own.field}>{change.field}</span>
  return (
    <>
      <span className={own.field}>{change.field}</span> :{' '}
      <span className={own.value}>{valueText(change.before)}</span> → <span className={own.value}>{valueText(change.after)}</span>
    </>
  )
}
