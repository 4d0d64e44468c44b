import { Link, useNavigate } from 'react-router'
import { FormActions, RefusalAlert } from '@/components/ui/form-submit'
import { useToast } from '@/components/ui/toast'
import { useZodForm } from '@/lib/form'
import { useResetPassword } from '../api/reset-password'
import { resetPasswordSchema } from '../form-schemas'
import { sessionStore } from '../session-store'
import { NewPasswordFields } from './account-fields'
import styles from './auth.module.css'

export const RESET_DONE = 'Votre mot de passe a été réinitialisé. Vous pouvez vous connecter.'

/** /reset-password/{token}: a new password from a one-time link (docs/rules.md#accounts). */
export function ResetPasswordForm({ token }: { token: string }) {
  const form = useZodForm(resetPasswordSchema, { password: '', confirmPassword: '' })
  const reset = useResetPassword()
  const toast = useToast()
  const navigate = useNavigate()

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await reset.mutateAsync({ token, password })
      // The server ended the account's sessions; a stale one here would only fail later.
      if (sessionStore.getState().status !== 'anonymous') sessionStore.clear()
      toast.success(RESET_DONE)
      void navigate('/login', { replace: true })
    } catch (failure) {
      form.refuse(failure)
    }
  })

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Nouveau mot de passe">
      <RefusalAlert refusal={form.refusal}>
        {form.refusal?.code === 'invalid_reset_token' ? (
          <>
            {' '}
            <Link to="/forgot-password" className={styles.link}>Demander un nouveau lien</Link>
          </>
        ) : null}
      </RefusalAlert>
      <NewPasswordFields label="Nouveau mot de passe" password={form.field('password')} confirmation={form.field('confirmPassword')} />
      <FormActions
        form={form}
        pending={reset.isPending}
        className={styles.actions}
        block
        label="Enregistrer le nouveau mot de passe"
        pendingLabel="Enregistrement…"
      />
      <p className={styles.note}>
        <Link to="/login" className={styles.link}>Retour à la connexion</Link>
      </p>
    </form>
  )
}

export function ResetPasswordPage({ token }: { token: string }) {
  return (
    <div className={`container ${styles.page}`}>
      <div className={styles.card}>
        <h1 className={styles.title}>Nouveau mot de passe</h1>
        <p className={styles.lead}>Choisissez un nouveau mot de passe pour votre compte.</p>
        <ResetPasswordForm token={token} />
      </div>
    </div>
  )
}
