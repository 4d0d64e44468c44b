import { PasswordField } from '@/components/ui/form-field'
import { FormActions } from '@/components/ui/form-submit'
import { useToast } from '@/components/ui/toast'
import { isApiError } from '@/lib/api-client'
import { useZodForm } from '@/lib/form'
import { useChangePassword } from '../api/change-password'
import { comeBackMessage, endSessionIfExpired } from '../errors'
import { passwordChangeSchema } from '../form-schemas'
import { NewPasswordFields } from './account-fields'
import styles from './auth.module.css'

export const PASSWORD_SAVED = 'Mot de passe mis à jour avec succès'
export const PASSWORD_FAILED = 'Erreur lors de la mise à jour du mot de passe'
export const CURRENT_PASSWORD_WRONG = 'Mot de passe actuel incorrect'

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' }

/** The password tab of /account. The answer's new token is stored. */
export function PasswordForm({ email }: { email: string }) {
  const form = useZodForm(passwordChangeSchema, EMPTY)
  const change = useChangePassword()
  const toast = useToast()

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword })
      form.reset(EMPTY)
      toast.success(PASSWORD_SAVED)
    } catch (failure) {
      if (isApiError(failure) && failure.status === 401 && failure.code === 'incorrect_current_password') {
        form.setServerErrors({ currentPassword: CURRENT_PASSWORD_WRONG })
        toast.error(CURRENT_PASSWORD_WRONG)
        return
      }
      if (endSessionIfExpired(failure)) return
      if (isApiError(failure)) form.setServerErrors(failure.fields)
      toast.error(comeBackMessage(failure) ?? PASSWORD_FAILED)
    }
  })

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="password-title">
      <h2 id="password-title" className={styles.panelTitle}>Changer mon mot de passe</h2>
      {/* Lets password managers attach the new password to the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} hidden readOnly />
      <PasswordField label="Mot de passe actuel" autoComplete="current-password" required {...form.field('currentPassword')} />
      <NewPasswordFields
        label="Nouveau mot de passe"
        confirmLabel="Confirmer le nouveau mot de passe"
        password={form.field('newPassword')}
        confirmation={form.field('confirmPassword')}
      />
      <p className={styles.note}>Vos autres appareils seront déconnectés.</p>
      <FormActions
        form={form}
        pending={change.isPending}
        className={styles.actions}
        label="Mettre à jour le mot de passe"
        pendingLabel="Enregistrement…"
      />
    </form>
  )
}
