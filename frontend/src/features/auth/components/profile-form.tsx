import { TextField } from '@/components/ui/form-field'
import { FormActions } from '@/components/ui/form-submit'
import { useToast } from '@/components/ui/toast'
import { isApiError } from '@/lib/api-client'
import { useZodForm } from '@/lib/form'
import { editablePhone } from '@/lib/phone'
import { useUpdateProfile } from '../api/update-profile'
import type { User } from '../api/user-schema'
import { endSessionIfExpired } from '../errors'
import { profileSchema } from '../form-schemas'
import styles from './auth.module.css'

export const PROFILE_SAVED = 'Profil mis à jour avec succès'
export const PROFILE_FAILED = 'Erreur lors de la mise à jour du profil'
export const EMAIL_READ_ONLY = "L'email ne peut pas être modifié"

function valuesOf(user: User) {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: editablePhone(user.phone),
  }
}

/**
 * The profile tab of /account: names required, e-mail read-only. Where parcels go is the
 * address book's (its default address is shown beside this form): no postcode, no country.
 */
export function ProfileForm({ user }: { user: User }) {
  const form = useZodForm(profileSchema, valuesOf(user))
  const update = useUpdateProfile()
  const toast = useToast()

  const onSubmit = form.handleSubmit(async (profile) => {
    try {
      const saved = await update.mutateAsync(profile)
      form.reset(valuesOf(saved))
      toast.success(PROFILE_SAVED)
    } catch (failure) {
      if (endSessionIfExpired(failure)) return
      if (isApiError(failure)) form.setServerErrors(failure.fields)
      toast.error(PROFILE_FAILED)
    }
  })

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="profile-title">
      <h2 id="profile-title" className={styles.panelTitle}>Mes informations</h2>
      <div className={styles.row}>
        <TextField label="Prénom" autoComplete="given-name" required {...form.field('firstName')} />
        <TextField label="Nom" autoComplete="family-name" required {...form.field('lastName')} />
      </div>
      <TextField id="profile-email" label="Email" type="email" value={user.email ?? ''} readOnly hint={EMAIL_READ_ONLY} />
      <TextField label="Téléphone" type="tel" inputMode="tel" autoComplete="tel" placeholder="77 123 45 67" {...form.field('phone')} />
      <FormActions
        form={form}
        pending={update.isPending}
        className={styles.actions}
        label="Enregistrer les modifications"
        pendingLabel="Enregistrement…"
      />
    </form>
  )
}
