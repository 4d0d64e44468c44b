// Toasts: success, error, warning, info. Each hides itself after 3 s.
// The viewport is always in the DOM so screen readers hear what is added to it.
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { AlertIcon, CheckIcon, CloseIcon } from './icons'
import styles from './toast.module.css'

export const TOAST_DURATION_MS = 3_000
const MAX_VISIBLE = 4

export type ToastKind = 'success' | 'error' | 'warning' | 'info'

interface ToastItem {
  id: number
  kind: ToastKind
  message: string
}

export interface ToastApi {
  show: (kind: ToastKind, message: string) => void
  success: (message: string) => void
  error: (message: string) => void
  warning: (message: string) => void
  info: (message: string) => void
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
    (kind: ToastKind, message: string) => {
      const id = ++nextId.current
      setToasts((current) => {
        // The same message twice in a row (double tap) shows once.
        const rest = current.filter((toast) => {
          const duplicate = toast.kind === kind && toast.message === message
          if (duplicate) clearTimeout(timers.current.get(toast.id))
          return !duplicate
        })
        return [...rest, { id, kind, message }].slice(-MAX_VISIBLE)
      })
      timers.current.set(id, setTimeout(() => dismiss(id), TOAST_DURATION_MS))
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
      success: (message) => show('success', message),
      error: (message) => show('error', message),
      warning: (message) => show('warning', message),
      info: (message) => show('info', message),
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
            <p className={styles.message}>{toast.message}</p>
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
