import { useState } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { PasswordField } from '@/components/ui/form-field'
import { FormActions, RefusalAlert } from '@/components/ui/form-submit'
import { useToast } from '@/components/ui/toast'
import { useZodForm } from '@/lib/form'
import { useServerShop } from '@/lib/server-shop'
import { useLogin } from '../api/login'
import { loginErrorMessage } from '../errors'
import { loginSchema } from '../form-schemas'
import { EmailField } from './account-fields'
import styles from './auth.module.css'
import { CODE_WORDS, CodeLoginForm, type CodeChannel } from './code-login-form'
import { SecondStepForm } from './second-step-form'

/**
 * Connexion. On success the session is stored and the page (which watches the
 * session) sends the shopper back where they came from. An account with
 * two-step login on is asked for its code next (`SecondStepForm`). When the
 * shop is on WhatsApp (or, without it, sends e-mail), a code sent there logs
 * in without a password (`CodeLoginForm`).
 */
export function LoginForm() {
  const form = useZodForm(loginSchema, { email: '', password: '' })
  const login = useLogin()
  const toast = useToast()
  const [challenge, setChallenge] = useState<string | null>(null)
  const [byCode, setByCode] = useState(false)
  const shop = useServerShop().data
  // Older servers said only whether codes can go out: on WhatsApp then.
  const codeChannel: CodeChannel | null = shop?.loginByCode === true ? (shop.loginCodeBy === 'email' ? 'email' : 'whatsapp') : null

  const onSubmit = form.handleSubmit(async (credentials) => {
    try {
      const answer = await login.mutateAsync(credentials)
      if ('token' in answer) toast.success(`Bienvenue, ${answer.user.firstName} !`)
      else setChallenge(answer.challenge)
    } catch (failure) {
      // Above the form only: a login refusal names no field.
      form.refuse(failure, loginErrorMessage(failure), {})
    }
  })

  if (challenge) {
    return (
      <SecondStepForm
        challenge={challenge}
        onRestart={(reason) => {
          setChallenge(null)
          form.reset({ email: form.values.email, password: '' })
          if (reason) form.refuse(reason, loginErrorMessage(reason), {})
        }}
      />
    )
  }

  if (byCode && codeChannel) return <CodeLoginForm onByEmail={() => setByCode(false)} channel={codeChannel} />

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Connexion">
      <RefusalAlert refusal={form.refusal} />
      <EmailField {...form.field('email')} />
      <PasswordField label="Mot de passe" autoComplete="current-password" required {...form.field('password')} />
      <p className={styles.linkRow}>
        <Link to="/forgot-password" className={styles.link}>Mot de passe oublié ?</Link>
      </p>
      <FormActions form={form} pending={login.isPending} className={styles.actions} block label="Se connecter" pendingLabel="Connexion…">
        {codeChannel ? (
          <Button variant="secondary" block onClick={() => setByCode(true)}>{CODE_WORDS[codeChannel].ask}</Button>
        ) : null}
      </FormActions>
    </form>
  )
}
