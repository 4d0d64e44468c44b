// How a form is sent and how a refusal reads, the same in every form of
// `useZodForm` (login, registration, passwords, profile, addresses…): the
// server's French sentence above the form, 'Veuillez corriger…' above the
// button, and a button that waits while the submit is in flight.
import type { ReactNode } from 'react'
import type { FormRefusal } from '@/lib/form'
import { Button } from './button'
import { FormAlert } from './form-field'

/** What the submit needs to know of the form (`useZodForm`). */
export interface SubmitState {
  isSubmitting: boolean
  hasVisibleErrors: boolean
}

export interface SubmitButtonProps {
  form: SubmitState
  label: ReactNode
  /** What the button says while the submit is in flight ('Connexion…'). */
  pendingLabel: ReactNode
  /** A request still running after the submit handler (a mutation's `isPending`). */
  pending?: boolean
  /** Another reason not to send (the registration is done, nothing changed). */
  disabled?: boolean
  block?: boolean
}

/** The submit button: disabled while sending or while a field shows an error; busy, it says so. */
export function SubmitButton({ form, label, pendingLabel, pending = false, disabled = false, block }: SubmitButtonProps) {
  const busy = form.isSubmitting || pending
  return (
    <Button type="submit" block={block} disabled={busy || disabled || form.hasVisibleErrors} aria-busy={busy || undefined}>
      {busy ? pendingLabel : label}
    </Button>
  )
}

export interface FormActionsProps extends SubmitButtonProps {
  form: SubmitState & { summary: string | null }
  /** The row's class (each form lays its buttons out its own way). */
  className?: string
  /** Before the submit button (Annuler, 'Aucune modification…'). */
  before?: ReactNode
  /** After the submit button. */
  children?: ReactNode
}

/** The end of a form: 'Veuillez corriger…' after a refused submit, then the row with the submit button. */
export function FormActions({ className, before, children, ...submit }: FormActionsProps) {
  return (
    <>
      <FormAlert>{submit.form.summary}</FormAlert>
      <div className={className}>
        {before}
        <SubmitButton {...submit} />
        {children}
      </div>
    </>
  )
}

/** The server's refusal of the last submit (`form.refusal`), above the form; `children` follow the sentence. */
export function RefusalAlert({ refusal, children }: { refusal: FormRefusal | null; children?: ReactNode }) {
  if (!refusal) return null
  return (
    <FormAlert>
      {refusal.message}
      {children}
    </FormAlert>
  )
}
