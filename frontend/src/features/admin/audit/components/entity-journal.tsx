// The « Journal » section of an order's or a product's back-office page: its own entries,
// newest first, for who may read the journal (`staff.manage`).
import { useEffect, useId, useRef } from 'react'
import { Link } from 'react-router'
import { PERMISSIONS, useCan } from '@/lib/permissions'
import { adminErrorMessage } from '../../common/admin-error'
import styles from '../../common/admin.module.css'
import { useAudit } from '../api/audit'
import { AuditEntries } from './audit-entries'
import own from './journal.module.css'

export const ENTITY_JOURNAL_LIMIT = 20
export const ENTITY_JOURNAL_FAILED = 'Erreur lors du chargement du journal'

const OF_TARGET = {
  order: { none: 'Aucune entrée dans le journal pour cette commande.', list: 'Journal de la commande' },
  product: { none: 'Aucune entrée dans le journal pour ce produit.', list: 'Journal du produit' },
} as const

interface EntityJournalProps {
  targetType: keyof typeof OF_TARGET
  targetId: string
  /** The order or the product as shown: when it changes (a change made here), its journal is asked again. */
  watch?: unknown
}

export function EntityJournal(props: EntityJournalProps) {
  const can = useCan()
  return can(PERMISSIONS.manageStaff) ? <TargetJournal {...props} /> : null
}

function TargetJournal({ targetType, targetId, watch }: EntityJournalProps) {
  const titleId = useId()
  const journal = useAudit({ page: 1, limit: ENTITY_JOURNAL_LIMIT, targetType, targetId })
  const { refetch } = journal
  const seen = useRef(watch)
  useEffect(() => {
    if (seen.current === watch) return
    seen.current = watch
    void refetch()
  }, [watch, refetch])

  const texts = OF_TARGET[targetType]
  const all = `/admin/journal?${new URLSearchParams({ targetType, targetId }).toString()}`
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.panelTitle}>Journal</h2>
      {journal.isPending ? (
        <p className={styles.muted}>Chargement du journal…</p>
      ) : journal.isError ? (
        <p role="alert">{adminErrorMessage(journal.error, ENTITY_JOURNAL_FAILED)}</p>
      ) : journal.data.data.length === 0 ? (
        <p className={styles.muted}>{texts.none}</p>
      ) : (
        <>
          <AuditEntries entries={journal.data.data} label={texts.list} showTarget={false} />
          {journal.data.pagination.totalItems > journal.data.data.length ? (
            <p className={own.more}>
              <Link to={all} className={styles.link}>Voir les {journal.data.pagination.totalItems} entrées dans le Journal</Link>
            </p>
          ) : null}
        </>
      )}
    </section>
  )
}
