import { useEffect, useRef, useState } from 'react'
import { FormAlert, TextField } from '@/components/ui/form-field'
import { FormActions, RefusalAlert } from '@/components/ui/form-submit'
import { useToast } from '@/components/ui/toast'
import { isApiError } from '@/lib/api-client'
import { useZodForm } from '@/lib/form'
import { useRegister } from '../api/register'
import { registerErrorMessage } from '../errors'
import { registerSchema } from '../form-schemas'
import { EmailField, NewPasswordFields } from './account-fields'
import styles from './auth.module.css'

export const REGISTER_SUCCESS = 'Inscription réussie ! Vous pouvez maintenant vous connecter.'
/** The login tab comes 0.5 s after a successful registration. */
export const SWITCH_TO_LOGIN_DELAY_MS = 500

const EMPTY = { firstName: '', lastName: '', email: '', phone: '', password: '', confirmPassword: '' }

/**
 * Inscription. The server answers with a token too; it is not kept: the
 * shopper is taken to the login tab with the e-mail prefilled and logs in
 * so nobody ends up logged in without having typed the password
 * into the login form.
 */
export function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const form = useZodForm(registerSchema, EMPTY)
  const register = useRegister()
  const toast = useToast()
  const [done, setDone] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const onSubmit = form.handleSubmit(async ({ confirmPassword: _confirmation, ...registration }) => {
    try {
      await register.mutateAsync(registration)
      form.reset(EMPTY)
      setDone(true)
      toast.success(REGISTER_SUCCESS)
      timer.current = setTimeout(() => onRegistered(registration.email), SWITCH_TO_LOGIN_DELAY_MS)
    } catch (failure) {
      const fields = isApiError(failure) ? { ...failure.fields } : {}
      if (isApiError(failure) && failure.code === 'email_taken') fields.email = failure.message
      form.refuse(failure, registerErrorMessage(failure), fields)
    }
  })

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Inscription">
      <RefusalAlert refusal={form.refusal} />
      {done ? <FormAlert kind="success">{REGISTER_SUCCESS}</FormAlert> : null}
      <div className={styles.row}>
        <TextField label="Prénom" autoComplete="given-name" required {...form.field('firstName')} />
        <TextField label="Nom" autoComplete="family-name" required {...form.field('lastName')} />
      </div>
      <EmailField {...form.field('email')} />
      <TextField label="Téléphone" type="tel" inputMode="tel" autoComplete="tel" placeholder="77 123 45 67" required {...form.field('phone')} />
      <NewPasswordFields label="Mot de passe" password={form.field('password')} confirmation={form.field('confirmPassword')} />
      <FormActions
        form={form}
        pending={register.isPending}
        disabled={done}
        className={styles.actions}
        block
        label="Créer mon compte"
        pendingLabel="Inscription…"
      />
    </form>
  )
}
