// Toasts: success, error, warning, info. Each hides itself after 3 s, unless it
// offers an action (« Reprendre le paiement »…): that one stays until it is used or
// closed, since a button that vanishes while being reached is no way back.
// The viewport is always in the DOM so screen readers hear what is added to it.
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { AlertIcon, CheckIcon, CloseIcon } from './icons'
import styles from './toast.module.css'

export const TOAST_DURATION_MS = 3_000
const MAX_VISIBLE = 4

export type ToastKind = 'success' | 'error' | 'warning' | 'info'

/** A button in the toast: the toast closes, then `run` is called. */
export interface ToastAction {
  label: string
  run: () => void
}

interface ToastItem {
  id: number
  kind: ToastKind
  message: string
  action?: ToastAction
}

export interface ToastApi {
  show: (kind: ToastKind, message: string, action?: ToastAction) => void
  success: (message: string, action?: ToastAction) => void
  error: (message: string, action?: ToastAction) => void
  warning: (message: string, action?: ToastAction) => void
  info: (message: string, action?: ToastAction) => void
  dismiss: (id: number) => void
}

const ToastContext = createContext<ToastApi | null>(null)

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([])
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>())
  const nextId = useRef(0)

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id))
    timers.current.delete(id)
    setToasts((current) => current.filter((toast) => toast.id !== id))
  }, [])

  const show = useCallback(
    (kind: ToastKind, message: string, action?: ToastAction) => {
      const id = ++nextId.current
      setToasts((current) => {
        // The same message twice in a row (double tap) shows once.
        const rest = current.filter((toast) => {
          const duplicate = toast.kind === kind && toast.message === message
          if (duplicate) clearTimeout(timers.current.get(toast.id))
          return !duplicate
        })
        return [...rest, { id, kind, message, action }].slice(-MAX_VISIBLE)
      })
      if (!action) timers.current.set(id, setTimeout(() => dismiss(id), TOAST_DURATION_MS))
    },
    [dismiss],
  )

  useEffect(() => {
    const pending = timers.current
    return () => pending.forEach(clearTimeout)
  }, [])

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      success: (message, action) => show('success', message, action),
      error: (message, action) => show('error', message, action),
      warning: (message, action) => show('warning', message, action),
      info: (message, action) => show('info', message, action),
    }),
    [show, dismiss],
  )

  return (
    <ToastContext value={api}>
      {children}
      <div className={styles.viewport} role="status" aria-live="polite" aria-label="Notifications">
        {toasts.map((toast) => (
          <div key={toast.id} className={`${styles.toast} ${styles[toast.kind]}`} data-kind={toast.kind}>
            {toast.kind === 'success' ? <CheckIcon size={20} /> : <AlertIcon size={20} />}
            <div className={styles.body}>
              <p className={styles.message}>{toast.message}</p>
              {toast.action ? (
                <button
                  type="button"
                  className={styles.action}
                  onClick={() => {
                    dismiss(toast.id)
                    toast.action?.run()
                  }}
                >
                  {toast.action.label}
                </button>
              ) : null}
            </div>
            <button
              type="button"
              className={styles.close}
              onClick={() => dismiss(toast.id)}
              aria-label="Fermer la notification"
            >
              <CloseIcon size={16} />
            </button>
          </div>
        ))}
      </div>
    </ToastContext>
  )
}

export function useToast(): ToastApi {
  const api = use(ToastContext)
  if (!api) throw new Error('useToast must be used inside <ToastProvider>')
  return api
}
