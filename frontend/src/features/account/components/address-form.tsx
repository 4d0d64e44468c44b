import { boolean, maxLength, minLength, object, string, trim } from 'zod/mini'
import { Button } from '@/components/ui/button'
import { CheckboxField, SelectField, TextField } from '@/components/ui/form-field'
import { FormActions, RefusalAlert } from '@/components/ui/form-submit'
import { countryOptions, DEFAULT_COUNTRY } from '@/config/countries'
import { useZodForm } from '@/lib/form'
import { formatPhone, phoneShape } from '@/lib/phone'
import type { Address, AddressInput } from '../api/address-schema'
import styles from './account.module.css'

const tooLong = (max: number) => maxLength(max, `Ce champ ne peut pas dépasser ${max} caractères`)
const required = (message: string, max: number) => string().check(trim(), minLength(1, message), tooLong(max))
const optionalText = (max: number) => string().check(trim(), tooLong(max))

/** The address form's one schema; the server checks the same rules and messages. */
export const addressFormSchema = object({
  label: optionalText(60),
  firstName: required('Le prénom est requis', 100),
  lastName: required('Le nom est requis', 100),
  phone: required('Le téléphone est requis', 30).check(phoneShape),
  address: required("L'adresse est requise", 300),
  city: required('La ville est requise', 100),
  zipCode: optionalText(20),
  country: optionalText(100),
  isDefault: boolean(),
})

export function addressValues(address?: Address, defaults?: Partial<AddressInput>): AddressInput {
  return {
    label: address?.label ?? '',
    firstName: address?.firstName ?? defaults?.firstName ?? '',
    lastName: address?.lastName ?? defaults?.lastName ?? '',
    phone: formatPhone(address?.phone ?? defaults?.phone),
    address: address?.address ?? '',
    city: address?.city ?? defaults?.city ?? '',
    zipCode: address?.zipCode ?? '',
    country: address?.country?.trim() || DEFAULT_COUNTRY,
    isDefault: address?.isDefault ?? defaults?.isDefault ?? false,
  }
}

interface AddressFormProps {
  initial: AddressInput
  /** Saves; a refusal is thrown (ApiError) and shown here, field by field. */
  onSave: (input: AddressInput) => Promise<unknown>
  onCancel: () => void
}

export function AddressForm({ initial, onSave, onCancel }: AddressFormProps) {
  const form = useZodForm(addressFormSchema, initial)
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
      <TextField label="Adresse" autoComplete="street-address" placeholder="Quartier, rue, numéro" required {...form.field('address')} />
      <div className={styles.row}>
        <TextField label="Ville" autoComplete="address-level2" required {...form.field('city')} />
        <TextField label="Code postal" autoComplete="postal-code" inputMode="numeric" {...form.field('zipCode')} />
      </div>
      <SelectField label="Pays" autoComplete="country-name" options={countryOptions(String(form.values.country))} {...form.field('country')} />
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
