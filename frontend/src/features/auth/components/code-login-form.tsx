// Login by a code sent on WhatsApp (docs/rules.md#login-by-code): the phone, then the six
// digits received. A phone without an account gets one; the answer never says which.
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/form-field'
import { FormActions, RefusalAlert } from '@/components/ui/form-submit'
import { useToast } from '@/components/ui/toast'
import { useZodForm } from '@/lib/form'
import { useAskLoginCode, useVerifyLoginCode } from '../api/login-code'
import { loginErrorMessage } from '../errors'
import { codePhoneSchema, loginCodeSchema } from '../form-schemas'
import styles from './auth.module.css'

export const CODE_WELCOME = 'Vous êtes connecté.'

interface Props {
  /** Back to the e-mail and password. */
  onByEmail: () => void
}

export function CodeLoginForm({ onByEmail }: Props) {
  const [sent, setSent] = useState<{ phone: string; message: string } | null>(null)
  return sent ? (
    <CodeStep phone={sent.phone} message={sent.message} onOtherPhone={() => setSent(null)} onByEmail={onByEmail} />
  ) : (
    <PhoneStep onSent={(phone, message) => setSent({ phone, message })} onByEmail={onByEmail} />
  )
}

function PhoneStep({ onSent, onByEmail }: { onSent: (phone: string, message: string) => void } & Props) {
  const form = useZodForm(codePhoneSchema, { phone: '' })
  const ask = useAskLoginCode()
  const onSubmit = form.handleSubmit(async ({ phone }) => {
    try {
      onSent(phone, await ask.mutateAsync(phone))
    } catch (failure) {
      form.refuse(failure, loginErrorMessage(failure))
    }
  })
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Connexion par WhatsApp">
      <RefusalAlert refusal={form.refusal} />
      <TextField
        label="Numéro WhatsApp"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="77 123 45 67"
        required
        {...form.field('phone')}
      />
      <FormActions form={form} pending={ask.isPending} className={styles.actions} block label="Recevoir le code" pendingLabel="Envoi…">
        <Button variant="ghost" block onClick={onByEmail}>Se connecter avec un e-mail</Button>
      </FormActions>
    </form>
  )
}

function CodeStep({ phone, message, onOtherPhone, onByEmail }: { phone: string; message: string; onOtherPhone: () => void } & Props) {
  const form = useZodForm(loginCodeSchema, { code: '' })
  const verify = useVerifyLoginCode()
  const toast = useToast()
  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      const { user } = await verify.mutateAsync({ phone, code })
      toast.success(user.firstName ? `Bienvenue, ${user.firstName}\u202f!` : CODE_WELCOME)
    } catch (failure) {
      form.refuse(failure, loginErrorMessage(failure))
    }
  })
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Code reçu sur WhatsApp">
      <p className={styles.note} role="status">{message}</p>
      <RefusalAlert refusal={form.refusal} />
      <TextField
        label="Code reçu"
        inputMode="numeric"
        autoComplete="one-time-code"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        maxLength={20}
        required
        {...form.field('code')}
      />
      <FormActions form={form} pending={verify.isPending} className={styles.actions} block label="Se connecter" pendingLabel="Connexion…">
        <Button variant="ghost" block onClick={onOtherPhone}>Changer de numéro ou renvoyer un code</Button>
        <Button variant="ghost" block onClick={onByEmail}>Se connecter avec un e-mail</Button>
      </FormActions>
    </form>
  )
}
