import { useId, type RefObject } from 'react'
import { Button } from '@/components/ui/button'
import { PAYMENT_METHODS } from '../checkout-model'
import styles from './checkout.module.css'

/** Said while Wave is offered but its payment flow is not in the shop yet. */
export const WAVE_COMING_NOTE =
  'Le paiement Wave arrive bientôt sur la boutique. En attendant, choisissez le paiement à la livraison pour commander.'

interface PaymentStepProps {
  value: string
  onChange: (method: string) => void
  /** The shop can take a Wave payment (the payments feature is plugged in). */
  waveAvailable: boolean
  /** Why cash on delivery is not offered for this delivery (the zone takes none); null when it is. */
  cashRefusal: string | null
  headingRef: RefObject<HTMLHeadingElement | null>
  /** The server's reason for refusing the method chosen, until another is chosen. */
  refusal?: string | null
  onBack: () => void
  onNext: () => void
}

/** Step 2: Wave (the default) or cash on delivery (docs/rules.md#payments). */
export function PaymentStep({ value, onChange, waveAvailable, cashRefusal, headingRef, refusal, onBack, onNext }: PaymentStepProps) {
  const id = useId()
  return (
    <form
      className={styles.form}
      noValidate
      aria-labelledby="checkout-step-title"
      onSubmit={(event) => {
        event.preventDefault()
        onNext()
      }}
    >
      <h2 id="checkout-step-title" ref={headingRef} tabIndex={-1} className={styles.stepTitle}>Mode de paiement</h2>
      <fieldset className={styles.choices}>
        <legend className="visually-hidden">Mode de paiement</legend>
        {PAYMENT_METHODS.map((method) => (
          <label key={method.code} className={styles.choice} htmlFor={`${id}-${method.code}`}>
            <input
              type="radio"
              id={`${id}-${method.code}`}
              name="paymentMethod"
              value={method.code}
              checked={value === method.code}
              disabled={method.code === 'cash_on_delivery' && cashRefusal !== null}
              onChange={() => onChange(method.code)}
            />
            <span className={styles.choiceText}>
              <span className={styles.choiceLabel}>{method.label}</span>
              <span className={styles.choiceHint}>
                {method.code === 'cash_on_delivery' && cashRefusal ? cashRefusal : method.description}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {refusal ? <p className={styles.note} role="alert">{refusal}</p> : null}
      {value === 'wave' && !waveAvailable ? <p className={styles.note} role="status">{WAVE_COMING_NOTE}</p> : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onBack}>Retour</Button>
        <Button type="submit">Suivant</Button>
      </div>
    </form>
  )
}
