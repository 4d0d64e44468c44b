import type { ReactNode } from 'react'
import { formatDate } from '@/lib/format'
import styles from './info-page.module.css'

/** The band at the top of an information page: its one h1. */
export function PageHero({ kicker, title, lead, updatedAt }: { kicker?: string; title: string; lead?: ReactNode; updatedAt?: string }) {
  return (
    <header className={styles.hero}>
      <div className="container">
        {kicker ? <p className={styles.kicker}>{kicker}</p> : null}
        <h1 className={styles.title}>{title}</h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
        {updatedAt ? (
          <p className={styles.updated}>
            Dernière mise à jour : <time dateTime={updatedAt}>{formatDate(updatedAt)}</time>
          </p>
        ) : null}
      </div>
    </header>
  )
}
