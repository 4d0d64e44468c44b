// /payment-success: Wave sends the shopper here after
// paying. The page asks the server, which asks Wave, and shows the
// confirmation only when the server says the order is paid.
import { useEffect, useRef, type ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { AlertIcon, CheckIcon } from '@/components/ui/icons'
import { PageSpinner } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import { formatDate, formatPrice } from '@/lib/format'
import type { PaymentStatus } from '../api/payment-schema'
import { PAYMENT_MESSAGES } from '../messages'
import { VERIFY_ATTEMPTS } from '../payment-config'
import { useLatestNavigate } from '../use-latest-navigate'
import { usePaymentVerification } from '../use-payment-verification'
import { LoginToContinue, SuccessLinks } from './result-parts'
import styles from './payments.module.css'

/** Who is looking: the payment's status is told to its owner only. */
export type Viewer = 'loading' | 'customer' | 'guest'

export const SUCCESS_TITLE = 'Paiement réussi !'

interface PaymentSuccessProps {
  viewer: Viewer
  /** The server said paid: what the app shows elsewhere (orders, cart) is stale. */
  onConfirmed?: (status: PaymentStatus) => void
}

export function PaymentSuccess({ viewer, onConfirmed }: PaymentSuccessProps) {
  const [params] = useSearchParams()
  const orderId = params.get('orderId')?.trim() ?? ''
  // `token` and `device` are read by no one: Wave's return carries neither, and
  // nothing here depends on the phone.
  const sessionId = params.get('sessionId')?.trim() || null
  const fromMobile = params.get('source') === 'mobile-redirect'
  const trusted = fromMobile || params.get('trusted') === 'true'
  const recovered = params.get('recovered') === 'true'

  const verification = usePaymentVerification({
    orderId,
    sessionId,
    trusted,
    enabled: viewer === 'customer' && orderId !== '',
    onConfirmed,
  })

  if (!orderId) return <MissingOrder loading={viewer === 'loading'} />
  if (viewer === 'loading') return <Frame><PageSpinner label="Chargement…" showLabel /></Frame>
  if (viewer === 'guest') {
    return (
      <Frame>
        <LoginToContinue text="Connectez-vous avec le compte de la commande pour voir la confirmation de votre paiement." />
      </Frame>
    )
  }

  const { state } = verification
  if (state.phase === 'success') return <Confirmed status={state.status} recovered={recovered} />
  if (state.phase === 'unconfirmed') {
    return (
      <Frame>
        <span className={`${styles.icon} ${styles.iconWait}`} aria-hidden="true"><AlertIcon size={30} /></span>
        <h1 className={styles.title}>Paiement en cours de confirmation</h1>
        <p role="status">
          Wave ne nous a pas encore confirmé ce paiement. Votre commande sera marquée payée dès que la confirmation arrive.
          Si vous avez été débité, contactez notre service client.
        </p>
        <div className={styles.actions}>
          <Button onClick={verification.retry}>Vérifier à nouveau</Button>
        </div>
        <SuccessLinks />
      </Frame>
    )
  }
  if (state.phase === 'error') {
    return (
      <Frame>
        <span className={`${styles.icon} ${styles.iconError}`} aria-hidden="true"><AlertIcon size={30} /></span>
        <h1 className={styles.title}>Vérification impossible</h1>
        <p className={styles.problem} role="alert">{state.message}</p>
        <div className={styles.actions}>
          <Button onClick={verification.retry}>Réessayer</Button>
        </div>
        <SuccessLinks />
      </Frame>
    )
  }
  const attempt = state.phase === 'verifying' ? state.attempt : 1
  return (
    <Frame>
      <h1 className={styles.title}>Vérification du paiement</h1>
      <PageSpinner
        label={attempt > 1 ? `Vérification du paiement auprès de Wave… (${Math.min(attempt, VERIFY_ATTEMPTS)}/${VERIFY_ATTEMPTS})` : 'Vérification du paiement auprès de Wave…'}
        showLabel
      />
      <p className={styles.hint}>Ne fermez pas cette page : cela ne prend que quelques secondes.</p>
    </Frame>
  )
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className={`container ${styles.page}`}>
      <section className={`${styles.card} ${styles.center}`}>{children}</section>
    </div>
  )
}

/** Without orderId, the message, then (once loading is over) a warning and home. */
function MissingOrder({ loading }: { loading: boolean }) {
  const toast = useToast()
  const navigate = useLatestNavigate()
  const done = useRef(false)
  useEffect(() => {
    if (loading || done.current) return
    done.current = true
    toast.warning(PAYMENT_MESSAGES.successUnauthorized)
    void navigate('/', { replace: true })
  }, [loading, toast, navigate])
  return (
    <Frame>
      <p className={styles.problem} role="alert">{PAYMENT_MESSAGES.missingParams}</p>
    </Frame>
  )
}

function Confirmed({ status, recovered }: { status: PaymentStatus; recovered: boolean }) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => headingRef.current?.focus(), [])
  return (
    <Frame>
      <span className={`${styles.icon} ${styles.iconSuccess}`} aria-hidden="true"><CheckIcon size={32} /></span>
      <h1 ref={headingRef} tabIndex={-1} className={styles.title}>{SUCCESS_TITLE}</h1>
      <p className={styles.lead}>
        {recovered ? 'Nous avons retrouvé votre paiement Wave : ' : ''}Votre paiement a été confirmé par Wave. Merci pour votre commande !
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>Numéro de commande</dt>
          <dd data-testid="payment-order-number" className="nowrap">{status.orderNumber}</dd>
        </div>
        <div>
          <dt>Date du paiement</dt>
          <dd data-testid="payment-date">{formatDate(status.paidAt, { withTime: true })}</dd>
        </div>
        <div>
          <dt>Montant payé</dt>
          <dd data-testid="payment-total">{formatPrice(status.amount)}</dd>
        </div>
      </dl>
      <p className={styles.hint}>Notre équipe prépare votre commande et vous appelle pour la livraison.</p>
      <SuccessLinks />
    </Frame>
  )
}
