import { useId, useRef, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { DialogHeader } from './dialog-header'
import styles from './drawer.module.css'
import { useOverlay } from './use-overlay'

export interface DrawerProps {
  open: boolean
  onClose: () => void
  title: string
  side?: 'left' | 'right'
  children: ReactNode
  footer?: ReactNode
  /** Extra class for the panel (e.g. a wider cart). */
  className?: string
}

/** Side panel (mobile menu, filters, the cart): Escape, overlay click and × close it; page scroll is locked. */
export function Drawer({ open, onClose, title, side = 'right', children, footer, className }: DrawerProps) {
  const panelRef = useRef<HTMLDivElement>(null)
  const titleId = useId()
  useOverlay(open, panelRef, onClose)
  if (!open) return null

  return createPortal(
    <div className={styles.overlay} onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={panelRef}
        className={`${styles.panel} ${styles[side]} ${className ?? ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <DialogHeader titleId={titleId} title={title} onClose={onClose} className={styles.header} />
        <div className={styles.body}>{children}</div>
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </div>,
    document.body,
  )
}
