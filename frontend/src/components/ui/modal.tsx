import { useId, useRef, type ReactNode, type RefObject } from 'react'
import { createPortal } from 'react-dom'
import { Button } from './button'
import { DialogHeader } from './dialog-header'
import styles from './modal.module.css'
import { useOverlay } from './use-overlay'

export interface ModalProps {
  open: boolean
  onClose: () => void
  title: string
  children?: ReactNode
  footer?: ReactNode
  initialFocusRef?: RefObject<HTMLElement | null>
  /** `wide` for a table (the admin's stock grid); the default suits a question or a short form. */
  size?: 'default' | 'wide'
}

/** Centered dialog: closes on Escape, on the overlay and with the × button. */
export function Modal({ open, onClose, title, children, footer, initialFocusRef, size = 'default' }: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null)
  const titleId = useId()
  useOverlay(open, dialogRef, onClose, initialFocusRef)
  if (!open) return null

  return createPortal(
    <div
      className={styles.overlay}
      data-testid="modal-overlay"
      // Only a click on the dim area itself closes; clicks inside bubble up here too.
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <div ref={dialogRef} className={size === 'wide' ? `${styles.dialog} ${styles.wide}` : styles.dialog} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <DialogHeader titleId={titleId} title={title} onClose={onClose} className={styles.header} />
        {children ? <div className={styles.body}>{children}</div> : null}
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </div>,
    document.body,
  )
}

export interface ConfirmModalProps {
  open: boolean
  title: string
  text: ReactNode
  confirmLabel?: string
  cancelLabel?: string
  onConfirm: () => void
  onCancel: () => void
}

/** Yes/no question. Focus starts on Annuler: the harmless answer. */
export function ConfirmModal({
  open,
  title,
  text,
  confirmLabel = 'Confirmer',
  cancelLabel = 'Annuler',
  onConfirm,
  onCancel,
}: ConfirmModalProps) {
  const cancelRef = useRef<HTMLButtonElement>(null)
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      initialFocusRef={cancelRef}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onCancel}>{cancelLabel}</Button>
          <Button onClick={onConfirm}>{confirmLabel}</Button>
        </>
      }
    >
      <p>{text}</p>
    </Modal>
  )
}
