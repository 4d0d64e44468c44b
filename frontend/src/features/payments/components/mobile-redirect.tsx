// /mobile-redirect: a return from a phone counts down 3 s,
// then goes to the success page (which verifies with the server) or to the
// error page with mobile_error.
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { ButtonLink } from '@/components/ui/button'
import { PageSpinner } from '@/components/ui/spinner'
import { PAYMENT_MESSAGES } from '../messages'
import { MOBILE_REDIRECT_SECONDS } from '../payment-config'
import { paymentErrorPath, paymentSuccessPath } from '../result-paths'
import { useLatestNavigate } from '../use-latest-navigate'
import styles from './payments.module.css'

export function MobileRedirect() {
  const [params] = useSearchParams()
  const orderId = params.get('orderId')?.trim() || null
  const sessionId = params.get('sessionId')?.trim() || null
  const result = params.get('result')?.trim() || 'success'
  const device = params.get('device')?.trim() || 'ios'
  const navigate = useLatestNavigate()
  const [left, setLeft] = useState(MOBILE_REDIRECT_SECONDS)

  useEffect(() => {
    if (!orderId) return
    if (left > 0) {
      const timer = setTimeout(() => setLeft((n) => n - 1), 1_000)
      return () => clearTimeout(timer)
    }
    const target =
      result === 'success'
        ? paymentSuccessPath({ orderId, sessionId, source: 'mobile-redirect', device })
        : paymentErrorPath({ orderId, sessionId, errorCode: 'mobile_error' })
    void navigate(target, { replace: true })
  }, [orderId, sessionId, result, device, left, navigate])

  return (
    <div className={`container ${styles.page}`}>
      <section className={`${styles.card} ${styles.center}`} aria-labelledby="mobile-redirect-title">
        <h1 id="mobile-redirect-title" className={styles.title}>Retour de Wave</h1>
        {orderId ? (
          <>
            <PageSpinner label={PAYMENT_MESSAGES.mobileProcessing} showLabel />
            <p className={styles.countdown} aria-hidden="true" data-testid="mobile-countdown">{left}</p>
            <p className={styles.hint}>Redirection dans {left} seconde{left > 1 ? 's' : ''}…</p>
          </>
        ) : (
          <p className={styles.problem} role="alert">{PAYMENT_MESSAGES.mobileMissingOrder}</p>
        )}
        <nav className={styles.actions} aria-label="Et maintenant ?">
          <ButtonLink to="/" variant="secondary">Retour à l’accueil</ButtonLink>
          <ButtonLink to="/orders" variant="secondary">Mes commandes</ButtonLink>
        </nav>
      </section>
    </div>
  )
}
