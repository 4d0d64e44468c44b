import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { FormAlert, PasswordField } from '@/components/ui/form-field'
import { useToast } from '@/components/ui/toast'
import { errorMessage, isApiError } from '@/lib/api-client'
import { useZodForm } from '@/lib/form'
import { useResetPassword } from '../api/reset-password'
import { resetPasswordSchema, PASSWORD_MIN_LENGTH } from '../form-schemas'
import { sessionStore } from '../session-store'
import styles from './auth.module.css'

export const RESET_DONE = 'Votre mot de passe a été réinitialisé. Vous pouvez vous connecter.'

/** /reset-password/{token}: a new password from a one-time link (decisions.md, Accounts). */
export function ResetPasswordForm({ token }: { token: string }) {
  const form = useZodForm(resetPasswordSchema, { password: '', confirmPassword: '' })
  const reset = useResetPassword()
  const toast = useToast()
  const navigate = useNavigate()
  const [error, setError] = useState<{ message: string; linkDead: boolean } | null>(null)

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setError(null)
    try {
      await reset.mutateAsync({ token, password })
      // The server ended the account's sessions; a stale one here would only fail later.
      if (sessionStore.getState().status !== 'anonymous') sessionStore.clear()
      toast.success(RESET_DONE)
      void navigate('/login', { replace: true })
    } catch (failure) {
      if (isApiError(failure)) form.setServerErrors(failure.fields)
      setError({
        message: errorMessage(failure),
        linkDead: isApiError(failure) && failure.code === 'invalid_reset_token',
      })
    }
  })

  const busy = form.isSubmitting || reset.isPending
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Nouveau mot de passe">
      {error ? (
        <FormAlert>
          {error.message}
          {error.linkDead ? (
            <>
              {' '}
              <Link to="/forgot-password" className={styles.link}>Demander un nouveau lien</Link>
            </>
          ) : null}
        </FormAlert>
      ) : null}
      <PasswordField
        label="Nouveau mot de passe"
        autoComplete="new-password"
        hint={`Au moins ${PASSWORD_MIN_LENGTH} caractères.`}
        required
        {...form.field('password')}
      />
      <PasswordField label="Confirmer le mot de passe" autoComplete="new-password" required {...form.field('confirmPassword')} />
      <FormAlert>{form.summary}</FormAlert>
      <div className={styles.actions}>
        <Button type="submit" block disabled={busy || form.hasVisibleErrors}>
          {busy ? 'Enregistrement…' : 'Enregistrer le nouveau mot de passe'}
        </Button>
      </div>
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
