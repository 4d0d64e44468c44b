// The cart's promo code: typed, checked by the server against the cart, then
// shown as applied with the way to remove it. Customers only: guests log in first.
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { isApiError } from '@/lib/api-client'
import { checkPromoCode, setAppliedPromoCode, type PromoQuote } from '@/lib/promo-code'
import styles from './cart-page.module.css'

export interface PromoCodeFieldProps {
  loggedIn: boolean
  applied: string | null
  quote: PromoQuote | undefined
  /** Why the applied code no longer applies to the cart as it is now. */
  refusal: string | null
}

export function PromoCodeField({ loggedIn, applied, quote, refusal }: PromoCodeFieldProps) {
  const [typed, setTyped] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [checking, setChecking] = useState(false)

  if (!loggedIn) {
    return (
      <p className={styles.promoHint}>
        Un code promo ? <Link to="/login" state={{ from: "/cart" }}>Connectez-vous</Link> pour l’utiliser.
      </p>
    )
  }
  if (applied) {
    return (
      <div className={styles.promo}>
        <p role="status">
          Code <strong>{quote?.code ?? applied}</strong> {refusal ? 'non applicable' : 'appliqué'}
        </p>
        {refusal ? <p className={styles.promoError} role="alert">{refusal}</p> : null}
        <Button variant="ghost" onClick={() => setAppliedPromoCode(null)}>Retirer le code</Button>
      </div>
    )
  }

  async function apply(event: FormEvent) {
    event.preventDefault()
    if (checking) return
    setChecking(true)
    setError(null)
    try {
      const found = await checkPromoCode(typed)
      setAppliedPromoCode(found.code)
      setTyped('')
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : 'Impossible de vérifier ce code')
    } finally {
      setChecking(false)
    }
  }

  return (
    <form className={styles.promo} onSubmit={(event) => void apply(event)} noValidate>
      <label htmlFor="promo-code" className={styles.promoLabel}>Code promo</label>
      <div className={styles.promoRow}>
        <input
          id="promo-code"
          className={styles.promoInput}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoCapitalize="characters"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'promo-code-error' : undefined}
        />
        <Button type="submit" variant="secondary" disabled={checking || !typed.trim()}>Appliquer</Button>
      </div>
      {error ? <p id="promo-code-error" className={styles.promoError} role="alert">{error}</p> : null}
    </form>
  )
}
