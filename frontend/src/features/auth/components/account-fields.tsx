// The fields the identity forms share: the account's e-mail (login,
// registration, forgot password) and a new password with its confirmation
// (registration, reset, change).
import { PasswordField, TextField } from '@/components/ui/form-field'
import type { FieldBinding } from '@/lib/form'
import { PASSWORD_MIN_LENGTH } from '../form-schemas'

/** The account's e-mail: the address keyboard on a phone, no capital letter, no correction. */
export function EmailField({ label = 'Email', ...field }: FieldBinding & { label?: string }) {
  return (
    <TextField
      label={label}
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      placeholder="vous@exemple.com"
      required
      {...field}
    />
  )
}

/** A new password, its rule as the hint, then its confirmation. */
export function NewPasswordFields({ label, confirmLabel = 'Confirmer le mot de passe', password, confirmation }: {
  label: string
  confirmLabel?: string
  password: FieldBinding
  confirmation: FieldBinding
}) {
  return (
    <>
      <PasswordField label={label} autoComplete="new-password" hint={`Au moins ${PASSWORD_MIN_LENGTH} caractères.`} required {...password} />
      <PasswordField label={confirmLabel} autoComplete="new-password" required {...confirmation} />
    </>
  )
}
