// The second step of a login with two-step login on (docs/roles.md#two-step-login): the
// code of the authenticator app, or a recovery code, with the challenge the password got.
import { minLength, object, string, trim } from 'zod/mini'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/form-field'
import { FormActions, RefusalAlert } from '@/components/ui/form-submit'
import { useToast } from '@/components/ui/toast'
import { isApiError } from '@/lib/api-client'
import { useZodForm } from '@/lib/form'
import { useSecondStep } from '../api/login'
import { loginErrorMessage } from '../errors'
import styles from './auth.module.css'

export const CODE_REQUIRED = 'Le code de vérification est requis'
export const CODE_HINT = 'Les 6 chiffres affichés par votre application d’authentification, ou l’un de vos codes de secours.'

const codeSchema = object({ code: string().check(trim(), minLength(1, CODE_REQUIRED)) })

interface Props {
  challenge: string
  /** Back to the password: by the person, or because the challenge expired (the refusal to show). */
  onRestart: (reason: unknown) => void
}

export function SecondStepForm({ challenge, onRestart }: Props) {
  const form = useZodForm(codeSchema, { code: '' })
  const verify = useSecondStep()
  const toast = useToast()

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      const { user } = await verify.mutateAsync({ challenge, code })
      toast.success(`Bienvenue, ${user.firstName} !`)
    } catch (failure) {
      // Five minutes went by, or the account changed: the password again.
      if (isApiError(failure) && failure.code === 'two_factor_challenge_expired') onRestart(failure)
      else form.refuse(failure, loginErrorMessage(failure), {})
    }
  })

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Code de vérification">
      <p className={styles.note}>Votre compte est protégé par la connexion en deux étapes.</p>
      <RefusalAlert refusal={form.refusal} />
      <TextField
        label="Code de vérification"
        hint={CODE_HINT}
        autoComplete="one-time-code"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        maxLength={64}
        required
        {...form.field('code')}
      />
      <FormActions form={form} pending={verify.isPending} className={styles.actions} block label="Vérifier" pendingLabel="Vérification…">
        <Button variant="ghost" block onClick={() => onRestart(null)}>Recommencer la connexion</Button>
      </FormActions>
    </form>
  )
}
