import type { UseQueryResult } from '@tanstack/react-query'
import type { FormEvent, RefObject } from 'react'
import { Button } from '@/components/ui/button'
import { FormAlert, SelectField, TextField } from '@/components/ui/form-field'
import { PageSpinner } from '@/components/ui/spinner'
import { countryOptions } from '@/config/countries'
import { formatPrice } from '@/lib/format'
import type { useZodForm } from '@/lib/form'
import { shippingFee, type ShippingInfo } from '@/lib/shipping-info'
import type { deliverySchema, DeliveryValues } from '../checkout-model'
import styles from './checkout.module.css'

export type DeliveryForm = ReturnType<typeof useZodForm<DeliveryValues, typeof deliverySchema>>

interface DeliveryStepProps {
  form: DeliveryForm
  shipping: UseQueryResult<ShippingInfo>
  subtotal: number
  /** The sentence above Next once it was pressed with errors. */
  summary: string | null
  headingRef: RefObject<HTMLHeadingElement | null>
  onNext: (event?: FormEvent) => void
}

/** Step 1: who receives the parcel, where, and how it travels. */
export function DeliveryStep({ form, shipping, subtotal, summary, headingRef, onNext }: DeliveryStepProps) {
  return (
    <form className={styles.form} onSubmit={onNext} noValidate aria-labelledby="checkout-step-title">
      <h2 id="checkout-step-title" ref={headingRef} tabIndex={-1} className={styles.stepTitle}>Adresse de livraison</h2>
      <div className={styles.row}>
        <TextField label="Prénom" autoComplete="given-name" required {...form.field('firstName')} />
        <TextField label="Nom" autoComplete="family-name" required {...form.field('lastName')} />
      </div>
      <div className={styles.row}>
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" required {...form.field('email')} />
        <TextField label="Téléphone" type="tel" inputMode="tel" autoComplete="tel" placeholder="77 123 45 67" required {...form.field('phone')} />
      </div>
      <TextField label="Adresse" autoComplete="street-address" placeholder="Quartier, rue, numéro" required {...form.field('address')} />
      <div className={styles.row}>
        <TextField label="Ville" autoComplete="address-level2" required {...form.field('city')} />
        <TextField label="Code postal" autoComplete="postal-code" inputMode="numeric" {...form.field('zipCode')} />
      </div>
      <SelectField label="Pays" autoComplete="country-name" options={countryOptions(form.values.country)} {...form.field('country')} />

      <fieldset className={styles.choices}>
        <legend className={styles.legend}>Mode de livraison</legend>
        <ShippingChoices form={form} shipping={shipping} subtotal={subtotal} />
      </fieldset>

      <FormAlert>{summary}</FormAlert>
      <div className={styles.actions}>
        <Button type="submit" disabled={!shipping.data}>Suivant</Button>
      </div>
    </form>
  )
}

function ShippingChoices({ form, shipping, subtotal }: Pick<DeliveryStepProps, 'form' | 'shipping' | 'subtotal'>) {
  if (shipping.isPending) return <PageSpinner label="Chargement des modes de livraison…" />
  if (!shipping.data) {
    return (
      <div className={styles.state} role="alert">
        <p>Impossible de charger les modes de livraison.</p>
        <Button variant="secondary" onClick={() => void shipping.refetch()}>Réessayer</Button>
      </div>
    )
  }
  const info = shipping.data
  const { name, id } = form.field('shippingMethod')
  return (
    <>
      {info.methods.map((method) => {
        const fee = shippingFee(method, subtotal, info)
        const freeNow = fee === 0 && method.fee > 0
        return (
          <label key={method.code} className={styles.choice} htmlFor={`${id}-${method.code}`}>
            <input
              type="radio"
              id={`${id}-${method.code}`}
              name={name}
              value={method.code}
              checked={form.values.shippingMethod === method.code}
              onChange={() => form.setValue('shippingMethod', method.code)}
            />
            <span className={styles.choiceText}>
              <span className={styles.choiceLabel}>{method.label}</span>
              <span className={styles.choiceHint}>{method.description}</span>
              {method.freeFromThreshold && !freeNow ? (
                <span className={styles.choiceHint}>Offerte dès {formatPrice(info.freeDeliveryThreshold)} d’achat</span>
              ) : null}
            </span>
            <span className={styles.choiceFee} data-testid={`shipping-fee-${method.code}`}>
              {freeNow ? <s className={styles.struck}>{formatPrice(method.fee)}</s> : null}
              {fee === 0 ? (method.fee === 0 ? 'Gratuit' : 'Offerte') : formatPrice(fee)}
            </span>
          </label>
        )
      })}
    </>
  )
}
