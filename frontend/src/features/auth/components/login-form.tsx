import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { FormAlert, PasswordField, TextField } from '@/components/ui/form-field'
import { useToast } from '@/components/ui/toast'
import { useZodForm } from '@/lib/form'
import { useLogin } from '../api/login'
import { loginErrorMessage } from '../errors'
import { loginSchema } from '../form-schemas'
import styles from './auth.module.css'

/**
 * Connexion. On success the session is stored and the page (which watches the
 * session) sends the shopper back where they came from.
 */
export function LoginForm({ initialEmail = '' }: { initialEmail?: string }) {
  const form = useZodForm(loginSchema, { email: initialEmail, password: '' })
  const login = useLogin()
  const toast = useToast()
  const [error, setError] = useState<string | null>(null)
  const { fieldId } = form

  // Coming from a fresh registration: the e-mail is there, the password is next.
  useEffect(() => {
    if (initialEmail) document.getElementById(fieldId('password'))?.focus()
  }, [initialEmail, fieldId])

  const onSubmit = form.handleSubmit(async (credentials) => {
    setError(null)
    try {
      const { user } = await login.mutateAsync(credentials)
      toast.success(`Bienvenue, ${user.firstName} !`)
    } catch (failure) {
      setError(loginErrorMessage(failure))
    }
  })

  const busy = form.isSubmitting || login.isPending
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Connexion">
      <FormAlert>{error}</FormAlert>
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="vous@exemple.com"
        required
        {...form.field('email')}
      />
      <PasswordField label="Mot de passe" autoComplete="current-password" required {...form.field('password')} />
      <p className={styles.linkRow}>
        <Link to="/forgot-password" className={styles.link}>Mot de passe oublié ?</Link>
      </p>
      <FormAlert>{form.summary}</FormAlert>
      <div className={styles.actions}>
        <Button type="submit" block disabled={busy || form.hasVisibleErrors}>
          {busy ? 'Connexion…' : 'Se connecter'}
        </Button>
      </div>
    </form>
  )
}
