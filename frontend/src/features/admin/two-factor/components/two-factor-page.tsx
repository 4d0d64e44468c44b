// /admin/two-factor: the signed-in member of the team turns two-step login on (a QR code to
// scan, or the secret to type, then the app's first code; then ten recovery codes shown once)
// or off (docs/roles.md#two-step-login). Laid out for a 360-px phone first.
import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { FormAlert, PasswordField, TextField } from '@/components/ui/form-field'
import { useToast } from '@/components/ui/toast'
import { usePageMeta } from '@/lib/seo'
import { adminErrorMessage } from '../../common/admin-error'
import styles from '../../common/admin.module.css'
import { PageHeader } from '../../common/page-header'
import { useDisable, useEnable, useStartSetup, type Account, type TwoFactorSetup } from '../api/two-factor'
import own from './two-factor.module.css'

export const TWO_FACTOR_TITLE = 'Connexion en deux étapes'
export const SETUP_REQUIRED = 'Votre rôle demande la connexion en deux étapes : activez-la pour accéder à l’administration.'
export const KEEP_THE_CODES =
  'Notez ces codes de secours et gardez-les en lieu sûr, hors de votre téléphone : ils ne seront plus jamais affichés. Chacun permet une seule connexion si vous n’avez plus votre application.'
export const ENABLED = 'La connexion en deux étapes est activée'
export const DISABLED = 'La connexion en deux étapes est désactivée'

interface Props {
  /** Whether the member's login asks for a code now. */
  enabled: boolean
  /** The role must turn it on before anything else (`STAFF_2FA=required`). */
  setupRequired: boolean
  /** Turning it on ends every other session: the new one to keep. */
  onSession: (token: string, user: Account) => void
  /** Turned off: the account as it is now. */
  onUser: (user: Account) => void
}

export function TwoFactorPage({ enabled, setupRequired, onSession, onUser }: Props) {
  usePageMeta({ title: `${TWO_FACTOR_TITLE} – Administration`, noindex: true })
  // Shown once, right after it was turned on, until the member says they kept them.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null)
  const subtitle = 'Après votre mot de passe, un code à 6 chiffres de votre application d’authentification (Google Authenticator, Authy, 2FAS…).'
  return (
    <section className={styles.page}>
      <PageHeader title={TWO_FACTOR_TITLE} subtitle={subtitle} />
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : enabled ? (
        <TurnOff onUser={onUser} />
      ) : (
        <TurnOn
          setupRequired={setupRequired}
          onEnabled={(token, user, codes) => {
            setRecoveryCodes(codes)
            onSession(token, user)
          }}
        />
      )}
    </section>
  )
}

/** The secret in groups of four, as apps accept it typed. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret

function TurnOn({ setupRequired, onEnabled }: { setupRequired: boolean; onEnabled: (token: string, user: Account, codes: string[]) => void }) {
  const start = useStartSetup()
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)

  async function begin() {
    setRefusal(null)
    try {
      setSetup(await start.mutateAsync())
    } catch (error) {
      setRefusal(adminErrorMessage(error, 'Impossible de préparer le code QR. Réessayez.'))
    }
  }

  return (
    <div className={styles.panel}>
      {setupRequired ? <FormAlert kind="info">{SETUP_REQUIRED}</FormAlert> : null}
      <FormAlert>{refusal}</FormAlert>
      {setup ? (
        <div className={own.steps}>
          <p className={own.step}>1. Scannez ce code QR avec votre application d’authentification.</p>
          <img className={own.qr} src={setup.qrCode} alt="Code QR à scanner avec votre application d’authentification" width={232} height={232} />
          <dl className={own.key}>
            <dt>Ou saisissez cette clé dans l’application</dt>
            <dd>
              <code className={own.secret}>{grouped(setup.secret)}</code>
            </dd>
          </dl>
          <ConfirmCode onEnabled={onEnabled} />
        </div>
      ) : (
        <div className={own.steps}>
          <p className={own.step}>{DISABLED}. Activez-la pour qu’un mot de passe volé ne suffise pas à entrer dans l’administration.</p>
          <div>
            <Button onClick={begin} disabled={start.isPending} aria-busy={start.isPending || undefined}>
              {start.isPending ? 'Préparation…' : 'Activer la connexion en deux étapes'}
            </Button>
          </div>
        </div>
      )}
    </div>
  )
}

function ConfirmCode({ onEnabled }: { onEnabled: (token: string, user: Account, codes: string[]) => void }) {
  const enable = useEnable()
  const [code, setCode] = useState('')
  const [refusal, setRefusal] = useState<string | null>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setRefusal(null)
    if (!code.trim()) {
      setRefusal('Le code de vérification est requis')
      return
    }
    try {
      const enabled = await enable.mutateAsync(code)
      onEnabled(enabled.token, enabled.user, enabled.recoveryCodes)
    } catch (error) {
      setRefusal(adminErrorMessage(error, 'Erreur lors de l’activation. Réessayez.'))
    }
  }

  return (
    <form className={own.form} onSubmit={submit} noValidate aria-label="Activer la connexion en deux étapes">
      <p className={own.step}>2. Saisissez le code à 6 chiffres que l’application affiche.</p>
      <TextField
        id="two-factor-code"
        label="Code de vérification"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        required
        value={code}
        error={refusal ?? undefined}
        onChange={(event) => setCode(event.target.value)}
      />
      <div>
        <Button type="submit" disabled={enable.isPending} aria-busy={enable.isPending || undefined}>
          {enable.isPending ? 'Activation…' : 'Activer'}
        </Button>
      </div>
    </form>
  )
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className={styles.panel}>
      <h2 className={styles.panelTitle}>{ENABLED}</h2>
      <h3 className={own.codesTitle}>Vos codes de secours</h3>
      <p className={own.warning} role="alert">{KEEP_THE_CODES}</p>
      <ol className={own.codes} aria-label="Codes de secours">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Button onClick={onDone}>J’ai noté mes codes de secours</Button>
    </div>
  )
}

function TurnOff({ onUser }: { onUser: (user: Account) => void }) {
  const disable = useDisable()
  const toast = useToast()
  const [password, setPassword] = useState('')
  const [refusal, setRefusal] = useState<string | null>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setRefusal(null)
    if (!password) {
      setRefusal('Le mot de passe est requis')
      return
    }
    try {
      onUser(await disable.mutateAsync(password))
      toast.success(DISABLED)
    } catch (error) {
      setRefusal(adminErrorMessage(error, 'Erreur lors de la désactivation. Réessayez.'))
    }
  }

  return (
    <div className={styles.panel}>
      <h2 className={styles.panelTitle}>{ENABLED}</h2>
      <p className={own.step}>Chaque connexion demande un code de votre application après le mot de passe. Sans votre téléphone, un code de secours le remplace une fois.</p>
      <form className={own.form} onSubmit={submit} noValidate aria-label="Désactiver la connexion en deux étapes">
        <PasswordField
          id="two-factor-password"
          label="Mot de passe"
          autoComplete="current-password"
          required
          value={password}
          error={refusal ?? undefined}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div>
          <Button variant="secondary" type="submit" disabled={disable.isPending} aria-busy={disable.isPending || undefined}>
            {disable.isPending ? 'Désactivation…' : 'Désactiver'}
          </Button>
        </div>
      </form>
    </div>
  )
}
