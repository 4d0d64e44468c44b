// What checkout shows once a Wave order is placed: the session being opened,
// then the way to Wave's page (automatic, or by hand inside an in-app
// browser), and what is left to do if it fails, expires or is cancelled.
import { useEffect, useRef, useState } from 'react'
import { Button, ButtonAnchor, ButtonLink } from '@/components/ui/button'
import { PageSpinner } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import { formatDate, formatPrice } from '@/lib/format'
import type { PaymentSession } from '../api/payment-schema'
import type { InAppBrowser } from '../in-app-browser'
import { PAYMENT_MESSAGES } from '../messages'
import { INIT_ATTEMPTS } from '../payment-config'
import type { WaveCheckout, WaveOrder } from '../use-wave-checkout'
import styles from './payments.module.css'

export const WAVE_PANEL_TITLE = 'Paiement Wave'
export const LINK_COPIED = 'Lien copié. Collez-le dans votre navigateur pour payer.'

export function WavePaymentPanel({ wave }: { wave: WaveCheckout }) {
  const { state } = wave
  const headingRef = useRef<HTMLHeadingElement>(null)
  // Each new state is read out from its title (phones: the button pressed is gone).
  useEffect(() => headingRef.current?.focus(), [state.step])
  if (state.step === 'idle') return null

  return (
    <div className={`container ${styles.page}`}>
      <section className={styles.card} aria-labelledby="wave-panel-title">
        <h1 id="wave-panel-title" ref={headingRef} tabIndex={-1} className={styles.title}>{WAVE_PANEL_TITLE}</h1>
        <OrderFacts order={state.order} session={state.step === 'ready' ? state.session : null} />
        {state.step === 'starting' ? (
          <PageSpinner
            label={state.attempt > 1 ? `Initialisation du paiement… (essai ${state.attempt} sur ${INIT_ATTEMPTS})` : 'Initialisation du paiement…'}
            showLabel
          />
        ) : null}
        {state.step === 'ready' ? <Ready wave={wave} session={state.session} /> : null}
        {state.step === 'failed' ? <Retry wave={wave} order={state.order} message={state.message} /> : null}
        {state.step === 'expired' ? <Retry wave={wave} order={state.order} message={PAYMENT_MESSAGES.sessionExpired} /> : null}
        {state.step === 'cancelled' ? (
          <Retry wave={wave} order={state.order} message="Le paiement a été annulé. Votre commande attend toujours son règlement." />
        ) : null}
      </section>
    </div>
  )
}

function OrderFacts({ order, session }: { order: WaveOrder; session: PaymentSession | null }) {
  return (
    <dl className={styles.facts}>
      <div>
        <dt>Commande</dt>
        <dd data-testid="wave-order-number">{order.orderNumber}</dd>
      </div>
      <div>
        <dt>Montant</dt>
        <dd data-testid="wave-amount">{formatPrice(session?.amount ?? order.total)}</dd>
      </div>
      {session?.businessName ? (
        <div>
          <dt>Bénéficiaire</dt>
          <dd>{session.businessName}</dd>
        </div>
      ) : null}
      {session?.expiresAt ? (
        <div>
          <dt>Valable jusqu’au</dt>
          <dd>{formatDate(session.expiresAt, { withTime: true })}</dd>
        </div>
      ) : null}
    </dl>
  )
}

function Ready({ wave, session }: { wave: WaveCheckout; session: PaymentSession }) {
  return (
    <>
      {session.isMock ? <p className={styles.mock} role="note">{PAYMENT_MESSAGES.testMode}</p> : null}
      {wave.inApp ? (
        <InAppNotice browser={wave.inApp} url={session.checkoutUrl} />
      ) : (
        <p className={styles.lead} role="status">Redirection vers la page de paiement Wave…</p>
      )}
      <div className={styles.actions}>
        <ButtonAnchor href={session.checkoutUrl} onClick={(event) => {
          event.preventDefault()
          wave.open()
        }}>
          Payer avec Wave
        </ButtonAnchor>
        <Button variant="secondary" onClick={() => void wave.cancel()} disabled={wave.cancelling} aria-busy={wave.cancelling || undefined}>
          {wave.cancelling ? 'Annulation…' : 'Annuler le paiement'}
        </Button>
      </div>
      <p className={styles.hint}>
        Après le paiement, Wave vous ramène sur la boutique. Votre commande est confirmée dès que Wave nous confirme le paiement.
      </p>
    </>
  )
}

/** Inside Instagram, Facebook or TikTok: Wave's link must be opened in the phone's real browser. */
function InAppNotice({ browser, url }: { browser: InAppBrowser; url: string }) {
  const toast = useToast()
  const [copyFailed, setCopyFailed] = useState(false)
  async function copy() {
    try {
      await navigator.clipboard.writeText(url)
      toast.success(LINK_COPIED)
    } catch {
      // No clipboard here: the link stays shown, selected, to copy by hand.
      setCopyFailed(true)
    }
  }
  return (
    <div className={styles.inApp} role="alert">
      <p>
        Vous êtes dans le navigateur de l’application {browser}. Le paiement Wave ne peut pas aboutir ici :
        ouvrez le lien de paiement dans votre navigateur habituel (Chrome, Safari…).
      </p>
      <ol className={styles.steps}>
        <li>Copiez le lien de paiement.</li>
        <li>Ouvrez Chrome ou Safari et collez-le dans la barre d’adresse.</li>
        <li>Payez avec Wave : vous reviendrez ensuite sur la boutique.</li>
      </ol>
      <Button onClick={() => void copy()}>Copier le lien de paiement</Button>
      <label className={styles.linkLabel}>
        <span>{copyFailed ? 'Copiez ce lien :' : 'Lien de paiement'}</span>
        <input
          className={styles.link}
          type="text"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          ref={(input) => {
            if (copyFailed) input?.select()
          }}
        />
      </label>
    </div>
  )
}

function Retry({ wave, order, message }: { wave: WaveCheckout; order: WaveOrder; message: string }) {
  return (
    <>
      <p className={styles.problem} role="alert">{message}</p>
      <div className={styles.actions}>
        <Button onClick={() => void wave.pay(order)}>Réessayer le paiement</Button>
        <ButtonLink to={`/orders/${encodeURIComponent(order.id)}`} variant="secondary">Voir ma commande</ButtonLink>
      </div>
      <p className={styles.hint}>
        Votre commande <span className="nowrap">{order.orderNumber}</span> est enregistrée et attend son paiement. Sans paiement dans les 30 minutes, elle est annulée.
      </p>
    </>
  )
}
