import styles from './spinner.module.css'

/** Waiting state for lazily loaded pages; reserves height so the footer does not jump. */
export function PageSpinner({ label = 'Chargement…', showLabel = false }: { label?: string; showLabel?: boolean }) {
  return (
    <div className={styles.wrap} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className={showLabel ? styles.label : 'visually-hidden'}>{label}</span>
    </div>
  )
}
