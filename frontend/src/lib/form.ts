// Forms with one zod schema each: the same schema is checked on change, on
// blur and on submit. A field's message is shown once the field has been
// touched (left once, or the form submitted).
import { useCallback, useId, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { safeParse } from 'zod/mini'
import type { $ZodType, output } from 'zod/v4/core'
import { errorMessage, isApiError } from './api-client'

export const FORM_HAS_ERRORS = 'Veuillez corriger les erreurs dans le formulaire.'

/** Loose but real: something@something.something, no spaces: a simple address shape. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export type FormValues = Record<string, string | boolean>
type Errors<V> = Partial<Record<keyof V & string, string>>

/** First message per top-level field, in the schema's order. */
export function fieldErrors(schema: $ZodType, values: unknown): Record<string, string> {
  const result = safeParse(schema, values)
  if (result.success) return {}
  const errors: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const key = issue.path[0]
    if (typeof key === 'string' && !(key in errors)) errors[key] = issue.message
  }
  return errors
}

type InputEvent = ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>

export interface FieldBinding {
  id: string
  name: string
  value: string
  error: string | undefined
  onChange: (event: InputEvent) => void
  onBlur: () => void
}

/** A submit the server refused, said above the form: its French sentence, and its code to branch on. */
export interface FormRefusal {
  message: string
  code: string | undefined
}

export interface CheckboxBinding {
  id: string
  name: string
  checked: boolean
  onChange: (event: ChangeEvent<HTMLInputElement>) => void
}

export function useZodForm<V extends FormValues, S extends $ZodType>(schema: S, initialValues: V) {
  const idPrefix = useId()
  const initialRef = useRef(initialValues)
  const [values, setValues] = useState<V>(initialValues)
  const [touched, setTouched] = useState<Partial<Record<keyof V, true>>>({})
  const [serverErrors, setServerErrorsState] = useState<Errors<V>>({})
  const [submitFailed, setSubmitFailed] = useState(false)
  const [isSubmitting, setIsSubmitting] = useState(false)
  const [refusal, setRefusal] = useState<FormRefusal | null>(null)
  // A ref, not only state: two clicks in the same frame must not both get through.
  const submittingRef = useRef(false)

  const errors = useMemo(() => fieldErrors(schema, values) as Errors<V>, [schema, values])
  const names = Object.keys(values) as (keyof V & string)[]

  const visible: Errors<V> = {}
  for (const name of names) {
    const message = serverErrors[name] ?? (touched[name] ? errors[name] : undefined)
    if (message) visible[name] = message
  }
  const hasVisibleErrors = Object.keys(visible).length > 0

  const fieldId = useCallback((name: string) => `${idPrefix}-${name}`, [idPrefix])

  function setValue<K extends keyof V & string>(name: K, value: V[K]) {
    setValues((current) => (current[name] === value ? current : { ...current, [name]: value }))
    setServerErrorsState((current) => {
      if (!(name in current)) return current
      const next = { ...current }
      delete next[name]
      return next
    })
  }

  function touch(name: keyof V & string) {
    setTouched((current) => (current[name] ? current : { ...current, [name]: true }))
  }

  function field(name: keyof V & string): FieldBinding {
    return {
      id: fieldId(name),
      name,
      value: String(values[name] ?? ''),
      error: visible[name],
      onChange: (event) => setValue(name, event.target.value as V[typeof name]),
      onBlur: () => touch(name),
    }
  }

  function checkbox(name: keyof V & string): CheckboxBinding {
    return {
      id: fieldId(name),
      name,
      checked: Boolean(values[name]),
      onChange: (event) => setValue(name, event.target.checked as V[typeof name]),
    }
  }

  function focusFirst(fields: Errors<V>) {
    const first = names.find((name) => fields[name])
    if (first) document.getElementById(fieldId(first))?.focus()
  }

  /** Server-side messages (`ApiError.fields`) shown on their fields; true when one matched. */
  function setServerErrors(fields: Record<string, string>): boolean {
    const known: Errors<V> = {}
    for (const name of names) if (fields[name]) known[name] = fields[name]
    setServerErrorsState(known)
    if (Object.keys(known).length === 0) return false
    setTouched((current) => ({ ...current, ...Object.fromEntries(Object.keys(known).map((k) => [k, true])) }))
    queueMicrotask(() => focusFirst(known))
    return true
  }

  /**
   * A refused submit: `fields` (by default the ApiError's) land on their fields,
   * `message` (by default the server's sentence) above the form, unless a field
   * already says it: it is said once. A new valid submit clears it.
   */
  function refuse(failure: unknown, message = errorMessage(failure), fields = isApiError(failure) ? failure.fields : {}) {
    setServerErrors(fields)
    const shownOnField = names.some((name) => fields[name] === message)
    setRefusal(!shownOnField ? { message, code: isApiError(failure) ? failure.code : undefined } : null)
  }

  function handleSubmit(onValid: (data: output<S>) => unknown) {
    return (event?: FormEvent) => {
      event?.preventDefault()
      if (submittingRef.current) return
      setTouched(Object.fromEntries(names.map((name) => [name, true])) as Partial<Record<keyof V, true>>)
      const result = safeParse(schema, values)
      if (!result.success || Object.keys(serverErrors).length > 0) {
        setSubmitFailed(true)
        focusFirst({ ...errors, ...serverErrors })
        return
      }
      setSubmitFailed(false)
      setRefusal(null)
      const outcome = onValid(result.data)
      if (outcome instanceof Promise) {
        submittingRef.current = true
        setIsSubmitting(true)
        outcome
          .catch(() => {
            // The caller reports its own failures; an escape here must not become unhandled.
          })
          .finally(() => {
            submittingRef.current = false
            setIsSubmitting(false)
          })
      }
    }
  }

  function reset(next: V = initialRef.current) {
    initialRef.current = next
    setValues(next)
    setTouched({})
    setServerErrorsState({})
    setSubmitFailed(false)
    setRefusal(null)
  }

  return {
    values,
    errors: visible,
    hasVisibleErrors,
    /** 'Veuillez corriger…' after a submit with errors, until they are fixed. */
    summary: submitFailed && hasVisibleErrors ? FORM_HAS_ERRORS : null,
    /** The server's refusal of the last submit (`refuse`), shown above the form. */
    refusal,
    isSubmitting,
    field,
    checkbox,
    fieldId,
    setValue,
    setServerErrors,
    refuse,
    handleSubmit,
    reset,
  }
}
