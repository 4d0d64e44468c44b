// Labelled form controls: the error and the hint are tied to the control with
// aria-describedby, and aria-invalid marks a control whose value is refused.
import { useState, type ComponentPropsWithoutRef, type ReactNode } from 'react'
import styles from './form-field.module.css'

interface CommonProps {
  id: string
  label: string
  error?: string
  hint?: ReactNode
  required?: boolean
}

function describedBy(id: string, hint: ReactNode, error: string | undefined): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
}

/** What every control of a field carries: its id, its required mark and what ties its error and hint to it. */
function controlProps(id: string, hint: ReactNode, error: string | undefined, required: boolean | undefined) {
  return {
    id,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, hint, error),
  }
}

function Frame({ id, label, error, hint, required, children }: CommonProps & { children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required ? <span className={styles.required} aria-hidden="true"> *</span> : null}
      </label>
      {children}
      {hint ? <p id={`${id}-hint`} className={styles.hint}>{hint}</p> : null}
      {error ? <p id={`${id}-error`} className={styles.error}>{error}</p> : null}
    </div>
  )
}

export type TextFieldProps = CommonProps & Omit<ComponentPropsWithoutRef<'input'>, 'id' | 'required'>

export function TextField({ id, label, error, hint, required, className, ...input }: TextFieldProps) {
  return (
    <Frame id={id} label={label} error={error} hint={hint} required={required}>
      <input
        {...controlProps(id, hint, error, required)}
        className={[styles.input, className].filter(Boolean).join(' ')}
        {...input}
      />
    </Frame>
  )
}

/** A password input with a button to show what was typed (long passwords on a phone keyboard). */
export function PasswordField({ id, label, error, hint, required, ...input }: Omit<TextFieldProps, 'type'>) {
  const [visible, setVisible] = useState(false)
  return (
    <Frame id={id} label={label} error={error} hint={hint} required={required}>
      <div className={styles.control}>
        <input
          {...controlProps(id, hint, error, required)}
          type={visible ? 'text' : 'password'}
          className={`${styles.input} ${styles.withToggle}`}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          {...input}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-controls={id}
          aria-pressed={visible}
          aria-label={`${visible ? 'Masquer' : 'Afficher'} : ${label}`}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? 'Masquer' : 'Afficher'}
        </button>
      </div>
    </Frame>
  )
}

export type SelectFieldProps = CommonProps &
  Omit<ComponentPropsWithoutRef<'select'>, 'id' | 'required'> & { options: readonly string[] }

export function SelectField({ id, label, error, hint, required, options, className, ...select }: SelectFieldProps) {
  return (
    <Frame id={id} label={label} error={error} hint={hint} required={required}>
      <select
        {...controlProps(id, hint, error, required)}
        className={[styles.input, className].filter(Boolean).join(' ')}
        {...select}
      >
        {options.map((option) => (
          <option key={option} value={option}>{option}</option>
        ))}
      </select>
    </Frame>
  )
}

export interface OptionGroup {
  label: string
  options: readonly { value: string; label: string }[]
}

export type GroupedSelectFieldProps = CommonProps &
  Omit<ComponentPropsWithoutRef<'select'>, 'id' | 'required'> & {
    groups: readonly OptionGroup[]
    /** The first, empty choice ("Choisissez…"). */
    placeholder: string
  }

/** A select whose options are grouped (`<optgroup>`), with an empty first choice. */
export function GroupedSelectField({ id, label, error, hint, required, groups, placeholder, className, ...select }: GroupedSelectFieldProps) {
  return (
    <Frame id={id} label={label} error={error} hint={hint} required={required}>
      <select
        {...controlProps(id, hint, error, required)}
        className={[styles.input, className].filter(Boolean).join(' ')}
        {...select}
      >
        <option value="">{placeholder}</option>
        {groups.map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.options.map((option) => (
              <option key={option.value} value={option.value}>{option.label}</option>
            ))}
          </optgroup>
        ))}
      </select>
    </Frame>
  )
}

export type TextAreaFieldProps = CommonProps & Omit<ComponentPropsWithoutRef<'textarea'>, 'id' | 'required'>

export function TextAreaField({ id, label, error, hint, required, className, ...textarea }: TextAreaFieldProps) {
  return (
    <Frame id={id} label={label} error={error} hint={hint} required={required}>
      <textarea
        {...controlProps(id, hint, error, required)}
        className={[styles.input, styles.textarea, className].filter(Boolean).join(' ')}
        {...textarea}
      />
    </Frame>
  )
}

export function CheckboxField({ id, label, ...input }: { id: string; label: ReactNode } & Omit<ComponentPropsWithoutRef<'input'>, 'id' | 'type'>) {
  return (
    <label htmlFor={id} className={styles.checkbox}>
      <input id={id} type="checkbox" {...input} />
      <span>{label}</span>
    </label>
  )
}

/** The form-level message (server refusal, 'Veuillez corriger…'), announced when it appears. */
export function FormAlert({ children, kind = 'error' }: { children: ReactNode; kind?: 'error' | 'success' | 'info' }) {
  if (!children) return null
  return (
    <p className={`${styles.alert} ${styles[kind]}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  )
}
