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

/** What every control of a field carries: its id, its required mark and what ties its error and hint to it. */
interface ControlProps {
  id: string
  required: boolean | undefined
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

function describedBy(id: string, hint: ReactNode, error: string | undefined): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
}

/** The label, hint and error around the control that `control` draws from its props and the field's other ones. */
function field<P extends CommonProps>(
  { id, label, error, hint, required, ...rest }: P,
  control: (props: ControlProps, rest: Omit<P, keyof CommonProps>) => ReactNode,
) {
  const props: ControlProps = { id, required, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, hint, error) }
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required ? <span className={styles.required} aria-hidden="true"> *</span> : null}
      </label>
      {control(props, rest)}
      {hint ? <p id={`${id}-hint`} className={styles.hint}>{hint}</p> : null}
      {error ? <p id={`${id}-error`} className={styles.error}>{error}</p> : null}
    </div>
  )
}

const inputClass = (...names: (string | undefined)[]) => [styles.input, ...names].filter(Boolean).join(' ')

export type TextFieldProps = CommonProps & Omit<ComponentPropsWithoutRef<'input'>, 'id' | 'required'>

export function TextField({ className, ...props }: TextFieldProps) {
  return field(props, (control, input) => <input {...control} className={inputClass(className)} {...input} />)
}

/** A password input with a button to show what was typed (long passwords on a phone keyboard). */
export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  const [visible, setVisible] = useState(false)
  return field(props, (control, input) => (
    <div className={styles.control}>
      <input
        {...control}
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
        aria-controls={control.id}
        aria-pressed={visible}
        aria-label={`${visible ? 'Masquer' : 'Afficher'} : ${props.label}`}
        onClick={() => setVisible((shown) => !shown)}
      >
        {visible ? 'Masquer' : 'Afficher'}
      </button>
    </div>
  ))
}

export type SelectFieldProps = CommonProps &
  Omit<ComponentPropsWithoutRef<'select'>, 'id' | 'required'> & { options: readonly string[] }

export function SelectField({ options, className, ...props }: SelectFieldProps) {
  return field(props, (control, select) => (
    <select {...control} className={inputClass(className)} {...select}>
      {options.map((option) => (
        <option key={option} value={option}>{option}</option>
      ))}
    </select>
  ))
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
export function GroupedSelectField({ groups, placeholder, className, ...props }: GroupedSelectFieldProps) {
  return field(props, (control, select) => (
    <select {...control} className={inputClass(className)} {...select}>
      <option value="">{placeholder}</option>
      {groups.map((group) => (
        <optgroup key={group.label} label={group.label}>
          {group.options.map((option) => (
            <option key={option.value} value={option.value}>{option.label}</option>
          ))}
        </optgroup>
      ))}
    </select>
  ))
}

export type TextAreaFieldProps = CommonProps & Omit<ComponentPropsWithoutRef<'textarea'>, 'id' | 'required'>

export function TextAreaField({ className, ...props }: TextAreaFieldProps) {
  return field(props, (control, textarea) => <textarea {...control} className={inputClass(styles.textarea, className)} {...textarea} />)
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
