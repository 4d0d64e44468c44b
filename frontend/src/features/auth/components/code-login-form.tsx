// Login by a code sent on WhatsApp, or without WhatsApp by e-mail to the account the phone
// names (docs/rules.md#login-by-code): the phone, then the six digits received. On WhatsApp a
// phone without an account gets one; the answer never says which.
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

/** How the shop sends codes (`GET /api/shop`'s `loginCodeBy`). */
export type CodeChannel = 'whatsapp' | 'email'

/** The words of each channel. */
export const CODE_WORDS = {
  whatsapp: { ask: 'Recevoir un code sur WhatsApp', phoneForm: 'Connexion par WhatsApp', phone: 'Numéro WhatsApp', codeForm: 'Code reçu sur WhatsApp' },
  email: { ask: 'Recevoir un code par e-mail', phoneForm: 'Connexion par code', phone: 'Numéro de téléphone', codeForm: 'Code reçu par e-mail' },
} as const

interface Props {
  /** Back to the e-mail and password. */
  onByEmail: () => void
  channel: CodeChannel
}

export function CodeLoginForm({ onByEmail, channel }: Props) {
  const [sent, setSent] = useState<{ phone: string; message: string } | null>(null)
  return sent ? (
    <CodeStep phone={sent.phone} message={sent.message} onOtherPhone={() => setSent(null)} onByEmail={onByEmail} channel={channel} />
  ) : (
    <PhoneStep onSent={(phone, message) => setSent({ phone, message })} onByEmail={onByEmail} channel={channel} />
  )
}

function PhoneStep({ onSent, onByEmail, channel }: { onSent: (phone: string, message: string) => void } & Props) {
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
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={CODE_WORDS[channel].phoneForm}>
      <RefusalAlert refusal={form.refusal} />
      <TextField
        label={CODE_WORDS[channel].phone}
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

function CodeStep({ phone, message, onOtherPhone, onByEmail, channel }: { phone: string; message: string; onOtherPhone: () => void } & Props) {
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
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={CODE_WORDS[channel].codeForm}>
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
