import { CheckIcon } from '@/components/ui/icons'
import { CHECKOUT_STEPS, type CheckoutStep } from '../checkout-model'
import styles from './checkout.module.css'

/** Livraison, Paiement, Confirmation: where the shopper is. `null`: all done (the order exists). */
export function CheckoutSteps({ current }: { current: CheckoutStep | null }) {
  const index = current === null ? CHECKOUT_STEPS.length : CHECKOUT_STEPS.findIndex((s) => s.id === current)
  return (
    <ol className={styles.steps} aria-label="Étapes de la commande">
      {CHECKOUT_STEPS.map((step, i) => {
        const state = i < index ? 'done' : i === index ? 'current' : 'todo'
        return (
          <li key={step.id} className={`${styles.step} ${styles[state]}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className={styles.stepNumber} aria-hidden="true">
              {state === 'done' ? <CheckIcon size={16} /> : i + 1}
            </span>
            <span className={styles.stepLabel}>
              {step.label}
              {state === 'done' ? <span className="visually-hidden"> (terminée)</span> : null}
            </span>
          </li>
        )
      })}
    </ol>
  )
}
