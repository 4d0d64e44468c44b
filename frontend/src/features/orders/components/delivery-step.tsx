import type { UseQueryResult } from '@tanstack/react-query'
import type { FormEvent, RefObject } from 'react'
import { Button } from '@/components/ui/button'
import { CheckboxField, FormAlert, GroupedSelectField, TextAreaField, TextField } from '@/components/ui/form-field'
import { PageSpinner } from '@/components/ui/spinner'
import { PICKUP, STANDARD_SHIPPING, communeGroups, deliveryDelay, deliveryFee, type DeliveryZone } from '@/lib/delivery-zones'
import { formatPrice } from '@/lib/format'
import type { useZodForm } from '@/lib/form'
import { KEEP_ADDRESS_LABEL, PICKUP_HINT, SHIPPING_METHODS, type deliverySchema, type DeliveryValues } from '../checkout-model'
import styles from './checkout.module.css'

export type DeliveryForm = ReturnType<typeof useZodForm<DeliveryValues, typeof deliverySchema>>

interface DeliveryStepProps {
  form: DeliveryForm
  zones: UseQueryResult<DeliveryZone[]>
  /** The zone of the commune chosen, once there is one. */
  zone: DeliveryZone | null
  onCommune: (code: string) => void
  subtotal: number
  /** The sentence above Next once it was pressed with errors. */
  summary: string | null
  headingRef: RefObject<HTMLHeadingElement | null>
  onNext: (event?: FormEvent) => void
  /** Offered when the address is not in the customer's book yet. */
  keepAddress?: { checked: boolean; onChange: (checked: boolean) => void }
}

/** Step 1: who receives the parcel, where (commune, landmark), and how it travels. */
export function DeliveryStep({ form, zones, zone, onCommune, subtotal, summary, headingRef, onNext, keepAddress }: DeliveryStepProps) {
  const pickup = form.values.shippingMethod === PICKUP
  const commune = form.field('commune')
  return (
    <form className={styles.form} onSubmit={onNext} noValidate aria-labelledby="checkout-step-title">
      <h2 id="checkout-step-title" ref={headingRef} tabIndex={-1} className={styles.stepTitle}>Adresse de livraison</h2>
      <div className={styles.row}>
        <TextField label="Prénom" autoComplete="given-name" required {...form.field('firstName')} />
        <TextField label="Nom" autoComplete="family-name" required {...form.field('lastName')} />
      </div>
      <div className={styles.row}>
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
        <TextField label="Téléphone" type="tel" inputMode="tel" autoComplete="tel" placeholder="77 123 45 67" required {...form.field('phone')} />
      </div>

      <fieldset className={styles.choices}>
        <legend className={styles.legend}>Mode de livraison</legend>
        <ShippingChoices form={form} zones={zones} zone={zone} subtotal={subtotal} />
      </fieldset>

      {pickup ? (
        <p className={styles.note}>Retrait gratuit à la boutique : {PICKUP_HINT}. Aucune adresse n’est nécessaire.</p>
      ) : (
        <>
          <GroupedSelectField
            label="Commune"
            required
            placeholder="Choisissez votre commune"
            groups={communeGroups(zones.data ?? [])}
            hint={zone ? `${zone.name} · livraison en ${zone.delay}` : 'Les frais de livraison dépendent de votre commune.'}
            {...commune}
            onChange={(event) => onCommune(event.target.value)}
          />
          <TextField label="Adresse" autoComplete="address-line1" placeholder="Quartier, rue, numéro de villa" required {...form.field('address')} />
          <TextField
            label="Point de repère"
            required
            placeholder="Ex. : en face de la pharmacie"
            hint="Ce qui permet au livreur de vous trouver."
            maxLength={200}
            {...form.field('landmark')}
          />
          {keepAddress ? (
            <CheckboxField
              id="checkout-keep-address"
              label={KEEP_ADDRESS_LABEL}
              checked={keepAddress.checked}
              onChange={(event) => keepAddress.onChange(event.target.checked)}
            />
          ) : null}
        </>
      )}
      <TextAreaField label="Instructions de livraison" hint="Facultatif : étage, horaires, personne à appeler…" maxLength={500} rows={3} {...form.field('notes')} />

      <FormAlert>{summary}</FormAlert>
      <div className={styles.actions}>
        <Button type="submit" disabled={!zones.data}>Suivant</Button>
      </div>
    </form>
  )
}

function ShippingChoices({ form, zones, zone, subtotal }: Pick<DeliveryStepProps, 'form' | 'zones' | 'zone' | 'subtotal'>) {
  if (zones.isPending) return <PageSpinner label="Chargement des modes de livraison…" />
  if (!zones.data) {
    return (
      <div className={styles.state} role="alert">
        <p>Impossible de charger les zones de livraison.</p>
        <Button variant="secondary" onClick={() => void zones.refetch()}>Réessayer</Button>
      </div>
    )
  }
  const { name, id } = form.field('shippingMethod')
  return (
    <>
      {SHIPPING_METHODS.map((method) => {
        const fee = deliveryFee(zone, method.code, subtotal)
        // Not offered in the commune's zone: shown, not chosen.
        const unavailable = zone !== null && fee === null
        const freeNow = method.code === STANDARD_SHIPPING && fee === 0 && zone !== null && zone.fee > 0
        const hint =
          method.code === PICKUP
            ? PICKUP_HINT
            : !zone
              ? 'Choisissez votre commune pour voir le tarif.'
              : unavailable
                ? `Non proposée dans la zone ${zone.name}.`
                : `${zone.name} · ${deliveryDelay(zone, method.code)}`
        return (
          <label key={method.code} className={styles.choice} htmlFor={`${id}-${method.code}`}>
            <input
              type="radio"
              id={`${id}-${method.code}`}
              name={name}
              value={method.code}
              checked={form.values.shippingMethod === method.code}
              disabled={unavailable}
              onChange={() => form.setValue('shippingMethod', method.code)}
            />
            <span className={styles.choiceText}>
              <span className={styles.choiceLabel}>{method.label}</span>
              <span className={styles.choiceHint}>{hint}</span>
              {method.code === STANDARD_SHIPPING && zone?.freeFrom != null && !freeNow ? (
                <span className={styles.choiceHint}>Offerte dès {formatPrice(zone.freeFrom)} d’achat</span>
              ) : null}
            </span>
            <span className={styles.choiceFee} data-testid={`shipping-fee-${method.code}`}>
              {freeNow ? <s className={styles.struck}>{formatPrice(zone.fee)}</s> : null}
              {fee === null ? (unavailable ? '—' : '') : fee === 0 ? (method.code === PICKUP ? 'Gratuit' : 'Offerte') : formatPrice(fee)}
            </span>
          </label>
        )
      })}
    </>
  )
}
