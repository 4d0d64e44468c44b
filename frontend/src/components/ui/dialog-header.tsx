import { CloseIcon } from './icons'
import styles from './dialog-header.module.css'

export interface DialogHeaderProps {
  /** The heading's id, which the dialog names itself by (`aria-labelledby`). */
  titleId: string
  title: string
  onClose: () => void
  /** The dialog's own spacing and sizes for the bar, its heading and its × button. */
  className?: string
}

/** The title bar of a modal or a drawer: its heading and the × that closes it. */
export function DialogHeader({ titleId, title, onClose, className }: DialogHeaderProps) {
  return (
    <div className={className ? `${styles.header} ${className}` : styles.header}>
      <h2 id={titleId} className={styles.title}>{title}</h2>
      <button type="button" className={styles.close} onClick={onClose} aria-label="Fermer">
        <CloseIcon size={20} />
      </button>
    </div>
  )
}
