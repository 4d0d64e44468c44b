import { boolean, maxLength, minLength, object, string, trim } from 'zod/mini'
import { Button } from '@/components/ui/button'
import { CheckboxField, GroupedSelectField, TextField } from '@/components/ui/form-field'
import { FormActions, RefusalAlert } from '@/components/ui/form-submit'
import { communeGroups, useDeliveryZones } from '@/lib/delivery-zones'
import { useZodForm } from '@/lib/form'
import { phoneShape } from '@/lib/phone'
import type { AddressInput } from '../api/address-schema'
import styles from './account.module.css'

const tooLong = (max: number) => maxLength(max, `Ce champ ne peut pas dépasser ${max} caractères`)
const required = (message: string, max: number) => string().check(trim(), minLength(1, message), tooLong(max))
const optionalText = (max: number) => string().check(trim(), tooLong(max))

/**
 * The address form's one schema; the server checks the same rules and
 * messages. The commune (from the delivery zones) and the landmark say where;
 * Dakar has no postcodes.
 */
export const addressFormSchema = object({
  label: optionalText(60),
  firstName: required('Le prénom est requis', 100),
  lastName: required('Le nom est requis', 100),
  phone: required('Le téléphone est requis', 30).check(phoneShape),
  address: required("L'adresse est requise", 300),
  commune: required('La commune est requise', 60),
  landmark: required('Le point de repère est requis', 200),
  isDefault: boolean(),
})

interface AddressFormProps {
  initial: AddressInput
  /** Saves; a refusal is thrown (ApiError) and shown here, field by field. */
  onSave: (input: AddressInput) => Promise<unknown>
  onCancel: () => void
}

export function AddressForm({ initial, onSave, onCancel }: AddressFormProps) {
  const form = useZodForm(addressFormSchema, initial)
  const zones = useDeliveryZones()
  const submit = form.handleSubmit(async (input) => {
    try {
      await onSave(input)
    } catch (failure) {
      form.refuse(failure)
    }
  })
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Adresse de livraison">
      <RefusalAlert refusal={form.refusal} />
      <TextField label="Libellé (facultatif)" placeholder="Maison, bureau…" {...form.field('label')} />
      <div className={styles.row}>
        <TextField label="Prénom" autoComplete="given-name" required {...form.field('firstName')} />
        <TextField label="Nom" autoComplete="family-name" required {...form.field('lastName')} />
      </div>
      <TextField label="Téléphone" type="tel" inputMode="tel" autoComplete="tel" placeholder="77 123 45 67" required {...form.field('phone')} />
      <GroupedSelectField
        label="Commune"
        required
        placeholder={zones.isError ? 'Communes indisponibles : réessayez plus tard' : 'Choisissez votre commune'}
        groups={communeGroups(zones.data ?? [])}
        {...form.field('commune')}
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
      <CheckboxField label="Utiliser comme adresse par défaut" {...form.checkbox('isDefault')} />
      <FormActions
        form={form}
        className={styles.formActions}
        before={<Button variant="secondary" onClick={onCancel}>Annuler</Button>}
        label="Enregistrer"
        pendingLabel="Enregistrement…"
      />
    </form>
  )
}
