// /forgot-password (docs/rules.md#accounts): the
// shopper writes to support on WhatsApp with a prefilled message; support
// checks the account and sends a one-time reset link. The request is also
// noted by the server (POST /api/auth/forgot-password) so support can see it.
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { SubmitButton } from '@/components/ui/form-submit'
import { WhatsAppIcon } from '@/components/ui/icons'
import { useToast } from '@/components/ui/toast'
import { SUPPORT_REPLY_DELAY } from '@/config/policies'
import { isApiError } from '@/lib/api-client'
import { useZodForm } from '@/lib/form'
import { sleep } from '@/lib/retry'
import { shop } from '@/lib/shop'
import { browserOpener, isMobileDevice, openWhatsApp, openWhatsAppInBrowser, type Opener, type WhatsAppLaunch } from '@/lib/whatsapp'
import { useServerShop } from '@/lib/server-shop'
import { requestPasswordHelp, requestResetByEmail } from '../api/forgot-password'
import { forgotPasswordSchema } from '../form-schemas'
import { EmailField } from './account-fields'
import styles from './auth.module.css'
import page from './forgot-password-page.module.css'

/** 'Préparation...' for about 1.5 s. */
export const PREPARATION_MS = 1_500

export const FORGOT_PASSWORD_TOASTS = {
  redirecting: 'Redirection vers WhatsApp...',
  mobileHint: "Si WhatsApp ne s'ouvre pas, cliquez à nouveau sur le bouton",
  desktopOpened: 'WhatsApp Web ouvert dans un nouvel onglet',
  failed: "Impossible d'ouvrir WhatsApp. Veuillez réessayer.",
  emailFailed: "Le lien n'a pas pu être envoyé. Veuillez réessayer.",
} as const

/** The message support receives, ready to send. */
export function forgotPasswordMessage(email: string): string {
  return (
    `Bonjour ${shop.name}, j'ai oublié le mot de passe de mon compte client. ` +
    `Mon adresse email : ${email}. Pouvez-vous m'envoyer un lien pour le réinitialiser ? Merci.`
  )
}

const STEPS = [
  { title: 'Saisissez votre adresse email', text: `Celle que vous utilisez pour vous connecter à votre compte ${shop.name}.` },
  { title: 'Cliquez sur « Contacter le support »', text: 'Nous préparons pour vous un message à notre équipe.' },
  { title: 'WhatsApp s’ouvre', text: 'L’application sur votre téléphone, ou WhatsApp Web sur ordinateur, avec le message déjà rédigé.' },
  {
    title: 'Envoyez le message et patientez',
    text: 'Après vérification, nous vous répondons avec un lien personnel pour choisir un nouveau mot de passe (valable 1 heure, utilisable une seule fois).',
  },
] as const

/** `opener` is how the page leaves for WhatsApp (replaced in tests). */
export function ForgotPasswordPage({ opener = browserOpener }: { opener?: Opener }) {
  const form = useZodForm(forgotPasswordSchema, { email: '' })
  const toast = useToast()
  const launch = useRef<WhatsAppLaunch | null>(null)
  const mounted = useRef(true)

  // Leaving the page during the preparation or the 2 s before the fallback
  // must not send the shopper to WhatsApp afterwards.
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
      launch.current?.cancel()
    }
  }, [])

  const onSubmit = form.handleSubmit(async ({ email }) => {
    launch.current?.cancel()
    // The server notes the request while the button says 'Préparation...'.
    // Whatever it answers (or if it is slow), WhatsApp opens after 1.5 s; only
    // a 429 that came back in time stops it, with the server's message.
    const noted = requestPasswordHelp(email).then(
      () => null,
      (error: unknown) => error,
    )
    const [outcome] = await Promise.all([Promise.race([noted, sleep(PREPARATION_MS).then(() => null)]), sleep(PREPARATION_MS)])
    if (!mounted.current) return
    if (isApiError(outcome) && outcome.status === 429) {
      toast.error(outcome.message)
      return
    }
    const mobile = isMobileDevice()
    launch.current = openWhatsApp(forgotPasswordMessage(email), { mobile, opener })
    if (!launch.current) {
      toast.error(FORGOT_PASSWORD_TOASTS.failed)
      return
    }
    toast.success(FORGOT_PASSWORD_TOASTS.redirecting)
    toast.info(mobile ? FORGOT_PASSWORD_TOASTS.mobileHint : FORGOT_PASSWORD_TOASTS.desktopOpened)
  })

  // Synchronous on purpose: a new tab opened right in the click is never blocked.
  const openInBrowser = form.handleSubmit(({ email }) => {
    if (!openWhatsAppInBrowser(forgotPasswordMessage(email), { opener })) {
      toast.error(FORGOT_PASSWORD_TOASTS.failed)
      return
    }
    void requestPasswordHelp(email).catch(() => undefined)
    toast.success(FORGOT_PASSWORD_TOASTS.redirecting)
  })

  const serverShop = useServerShop()
  const byEmail = serverShop.data?.resetByEmail === true
  const [emailed, setEmailed] = useState<string | null>(null)
  const sendByEmail = form.handleSubmit(async ({ email }) => {
    try {
      setEmailed(await requestResetByEmail(email))
    } catch (error) {
      toast.error(isApiError(error) ? error.message : FORGOT_PASSWORD_TOASTS.emailFailed)
    }
  })

  const busy = form.isSubmitting
  const empty = form.values.email.trim() === ''
  return (
    <div className={`container ${styles.page}`}>
      <div className={styles.card}>
        <h1 className={styles.title}>Mot de passe oublié ?</h1>
        <p className={styles.lead}>
          Pas d’inquiétude : notre équipe vous aide à retrouver l’accès à votre compte, directement sur WhatsApp.
        </p>

        <h2 className={page.stepsTitle}>Comment ça marche</h2>
        <ol className={page.steps}>
          {STEPS.map((step) => (
            <li key={step.title} className={page.step}>
              <strong className={page.stepTitle}>{step.title}</strong>
              <span className={page.stepText}>{step.text}</span>
            </li>
          ))}
        </ol>

        <form className={styles.form} onSubmit={onSubmit} noValidate aria-label="Mot de passe oublié">
          <EmailField label="Adresse email" {...form.field('email')} />
          <div className={styles.actions}>
            <SubmitButton
              form={form}
              block
              label={
                <>
                  <WhatsAppIcon size={20} />
                  Contacter le support
                </>
              }
              pendingLabel="Préparation..."
            />
            <Button type="button" variant="secondary" block disabled={empty || busy} onClick={() => openInBrowser()}>
              Ouvrir dans le navigateur
            </Button>
            {byEmail ? (
              <Button type="button" variant="secondary" block disabled={empty || busy} onClick={() => void sendByEmail()}>
                Recevoir un lien par e-mail
              </Button>
            ) : null}
          </div>
        </form>
        {emailed ? <p role="status" className={page.reply}>{emailed}</p> : null}

        <p className={page.reply}>
          Notre équipe répond généralement en {SUPPORT_REPLY_DELAY} pendant nos heures d’ouverture ({shop.hours}).
        </p>
        <p className={styles.note}>
          <Link to="/login" className={styles.link}>Retour à la connexion</Link>
        </p>
      </div>
    </div>
  )
}
