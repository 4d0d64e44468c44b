import { TextField } from '@/components/ui/form-field'
import { FormActions, RefusalAlert } from '@/components/ui/form-submit'
import { useToast } from '@/components/ui/toast'
import { isApiError } from '@/lib/api-client'
import { useZodForm } from '@/lib/form'
import { useRegister } from '../api/register'
import { registerErrorMessage } from '../errors'
import { registerSchema } from '../form-schemas'
import { EmailField, NewPasswordFields } from './account-fields'
import styles from './auth.module.css'

export const registerSuccess = (firstName: string) => `Inscription réussie ! Bienvenue, ${firstName} !`

const EMPTY = { firstName: '', lastName: '', email: '', phone: '', password: '', confirmPassword: '' }

/**
 * Inscription. The server answers with the new customer's session, kept as
 * the login form keeps its own: the page (which watches the session) then
 * sends the shopper where a login would, and the guest cart joins the account.
 */
export function RegisterForm() {
  const form = useZodForm(registerSchema, EMPTY)
  const register = useRegister()
  const toast = useToast()

  const onSubmit = form.handleSubmit(async ({ confirmPassword: _confirmation, ...registration }) => {
    try {
      const { user } = await register.mutateAsync(registration)
      toast.success(registerSuccess(user.firstName))
    } catch (failure) {
      const fields = isApiError(failure) ? { ...failure.fields } : {}
      if (isApiError(failure) && failure.code === 'email_taken') fields.email = failure.message
      form.refuse(failure, registerErrorMessage(failure), fields)
    }
  })

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Inscription">
      <RefusalAlert refusal={form.refusal} />
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
        className={styles.actions}
        block
        label="Créer mon compte"
        pendingLabel="Inscription…"
      />
    </form>
  )
}
