// Promise-style confirmation: `if (await confirm({ title, text })) { ... }`.
// One ConfirmModal for the whole app, mounted by ConfirmProvider.
import { createContext, use, useCallback, useRef, useState, type ReactNode } from 'react'
import { ConfirmModal } from './modal'

export interface ConfirmOptions {
  title: string
  text: ReactNode
  confirmLabel?: string
  cancelLabel?: string
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>

const ConfirmContext = createContext<Confirm | null>(null)

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<ConfirmOptions | null>(null)
  const resolveRef = useRef<((answer: boolean) => void) | null>(null)

  const confirm = useCallback<Confirm>((next) => {
    // A second question replaces the first, which counts as cancelled.
    resolveRef.current?.(false)
    setOptions(next)
    return new Promise<boolean>((resolve) => {
      resolveRef.current = resolve
    })
  }, [])

  const answer = (value: boolean) => {
    resolveRef.current?.(value)
    resolveRef.current = null
    setOptions(null)
  }

  return (
    <ConfirmContext value={confirm}>
      {children}
      <ConfirmModal
        open={options !== null}
        title={options?.title ?? ''}
        text={options?.text ?? ''}
        confirmLabel={options?.confirmLabel}
        cancelLabel={options?.cancelLabel}
        onConfirm={() => answer(true)}
        onCancel={() => answer(false)}
      />
    </ConfirmContext>
  )
}

export function useConfirm(): Confirm {
  const confirm = use(ConfirmContext)
  if (!confirm) throw new Error('useConfirm must be used inside <ConfirmProvider>')
  return confirm
}
