import { useNavigate } from 'react-router'
import { Button, ButtonLink } from '@/components/ui/button'
import { CheckboxField, FormAlert, PasswordField, TextField } from '@/components/ui/form-field'
import { RefusalAlert } from '@/components/ui/form-submit'
import { PageSpinner } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import { PASSWORD_MIN_LENGTH } from '@/config/accounts'
import { isApiError } from '@/lib/api-client'
import { useZodForm } from '@/lib/form'
import { editablePhone } from '@/lib/phone'
import { usePageMeta } from '@/lib/seo'
import { adminErrorMessage, isNotFound } from '../../common/admin-error'
import styles from '../../common/admin.module.css'
import { LoadError, PageHeader } from '../../common/page-header'
import { useErrorToast } from '../../common/use-error-toast'
import { useAdminUser } from '../api/get-user'
import { useCreateUser, useUpdateUser } from '../api/user-mutations'
import { ROLE_LABELS, ROLES, type AdminUser, type Role } from '../api/user-schema'
import { editUserSchema, newUserSchema } from '../user-form-schema'
import own from './users.module.css'

export const USER_SAVED = 'Utilisateur enregistré avec succès'
export const USER_SAVE_FAILED = "Erreur lors de l'enregistrement de l'utilisateur"
export const USER_LOAD_FAILED = "Erreur lors du chargement de l'utilisateur"
export const USER_NOT_FOUND = 'Utilisateur introuvable'

/** /admin/users/new and /admin/users/edit/{id}. */
export function UserFormPage({ userId, currentUserId }: { userId?: string; currentUserId: string | null }) {
  usePageMeta({ title: userId ? "Modifier l'utilisateur – Administration" : 'Nouvel utilisateur – Administration', noindex: true })
  if (!userId) return <NewUserForm />
  return <EditUser userId={userId} self={userId === currentUserId} />
}

function BackLink() {
  return <ButtonLink to="/admin/users" variant="secondary">← Retour aux utilisateurs</ButtonLink>
}

function EditUser({ userId, self }: { userId: string; self: boolean }) {
  const user = useAdminUser(userId)
  const notFound = isNotFound(user.error)
  const loadError = notFound ? USER_NOT_FOUND : adminErrorMessage(user.error, USER_LOAD_FAILED)
  useErrorToast(user.isError, user.errorUpdatedAt, loadError)
  if (user.isPending) return <PageSpinner label="Chargement de l'utilisateur…" />
  if (user.isError) {
    return (
      <section className={styles.page}>
        <PageHeader title="Modifier l'utilisateur" actions={<BackLink />} />
        <LoadError message={loadError} onRetry={notFound ? undefined : () => void user.refetch()} />
      </section>
    )
  }
  return <EditUserForm user={user.data} self={self} />
}

function RoleSelect({ id, value, onChange, disabled, hint }: { id: string; value: string; onChange: (value: string) => void; disabled?: boolean; hint?: string }) {
  return (
    <div className={styles.control}>
      <label htmlFor={id}>Rôle</label>
      <select id={id} className={styles.input} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} aria-describedby={hint ? `${id}-hint` : undefined}>
        {ROLES.map((role) => (
          <option key={role} value={role}>{ROLE_LABELS[role]}</option>
        ))}
      </select>
      {hint ? <span id={`${id}-hint`} className={styles.muted}>{hint}</span> : null}
    </div>
  )
}

/**
 * Sends a user form: once saved, a toast and back to the list. A server refusal: a toast, and per
 * field when it names one (e-mail taken), above the form otherwise.
 */
function useSaveUser(refuse: (failure: unknown, message: string, fields: Record<string, string>) => void) {
  const toast = useToast()
  const navigate = useNavigate()
  return async (send: () => Promise<unknown>) => {
    try {
      await send()
      toast.success(USER_SAVED)
      navigate('/admin/users')
    } catch (failure) {
      const fields = isApiError(failure) ? { ...failure.fields } : {}
      if (isApiError(failure) && failure.code === 'email_taken') fields.email = failure.message
      const message = adminErrorMessage(failure, USER_SAVE_FAILED)
      toast.error(message)
      refuse(failure, message, fields)
    }
  }
}

function NewUserForm() {
  const form = useZodForm(newUserSchema, {
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    password: '',
    role: 'customer',
    active: true,
  })
  const create = useCreateUser()
  const save = useSaveUser(form.refuse)

  const onSubmit = form.handleSubmit((values) => save(() => create.mutateAsync(values)))

  return (
    <section className={styles.page}>
      <PageHeader title="Nouvel utilisateur" actions={<BackLink />} />
      <form className={`${styles.panel} ${own.form}`} onSubmit={onSubmit} noValidate aria-label="Nouvel utilisateur">
        <RefusalAlert refusal={form.refusal} />
        <div className={own.row}>
          <TextField label="Prénom" required autoComplete="off" {...form.field('firstName')} />
          <TextField label="Nom" required autoComplete="off" {...form.field('lastName')} />
        </div>
        <div className={own.row}>
          <TextField label="Email" type="email" required autoCapitalize="none" spellCheck={false} autoComplete="off" {...form.field('email')} />
          <TextField label="Téléphone" type="tel" required placeholder="77 123 45 67" autoComplete="off" {...form.field('phone')} />
        </div>
        <PasswordField label="Mot de passe" required autoComplete="new-password" hint={`Au moins ${PASSWORD_MIN_LENGTH} caractères.`} {...form.field('password')} />
        <RoleSelect id={form.fieldId('role')} value={form.values.role} onChange={(role) => form.setValue('role', role as Role)} />
        <CheckboxField label="Compte actif" {...form.checkbox('active')} />
        <FormAlert>{form.summary}</FormAlert>
        <div className={own.actions}>
          <Button type="submit" disabled={form.isSubmitting}>{form.isSubmitting ? 'Création…' : "Créer l'utilisateur"}</Button>
        </div>
      </form>
    </section>
  )
}

function EditUserForm({ user, self }: { user: AdminUser; self: boolean }) {
  const initial = {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email ?? '',
    phone: editablePhone(user.phone),
    address: user.address ?? '',
    city: user.city ?? '',
    zipCode: user.zipCode ?? '',
    country: user.country ?? '',
    password: '',
    role: user.role,
    active: user.active,
  }
  const form = useZodForm(editUserSchema, initial)
  const update = useUpdateUser()
  const save = useSaveUser(form.refuse)
  const changed = (Object.keys(initial) as (keyof typeof initial)[]).some((key) => form.values[key] !== initial[key])

  const onSubmit = form.handleSubmit(async ({ password, ...values }) => {
    // Only what changed is sent: absent fields stay as they are on the server.
    const changes: Record<string, string | boolean> = {}
    for (const [key, value] of Object.entries(values)) {
      if (value !== initial[key as keyof typeof initial]) changes[key] = value
    }
    if (password) changes.password = password
    await save(() => update.mutateAsync({ id: user.id, changes }))
  })

  return (
    <section className={styles.page}>
      <PageHeader
        title={`Modifier ${user.firstName} ${user.lastName}`}
        subtitle={`${ROLE_LABELS[user.role]} · ${user.active ? 'Actif' : 'Inactif'}`}
        actions={<BackLink />}
      />
      <form className={`${styles.panel} ${own.form}`} onSubmit={onSubmit} noValidate aria-label="Modifier l'utilisateur">
        <RefusalAlert refusal={form.refusal} />
        <div className={own.row}>
          <TextField label="Prénom" required {...form.field('firstName')} />
          <TextField label="Nom" required {...form.field('lastName')} />
        </div>
        <div className={own.row}>
          <TextField label="Email" type="email" required autoCapitalize="none" spellCheck={false} {...form.field('email')} />
          <TextField label="Téléphone" type="tel" required {...form.field('phone')} />
        </div>
        <TextField label="Adresse" {...form.field('address')} />
        <div className={own.row}>
          <TextField label="Ville" {...form.field('city')} />
          <TextField label="Code postal" {...form.field('zipCode')} />
        </div>
        <TextField label="Pays" {...form.field('country')} />
        <RoleSelect
          id={form.fieldId('role')}
          value={form.values.role}
          onChange={(role) => form.setValue('role', role as Role)}
          disabled={self}
          hint={self ? 'Vous ne pouvez pas retirer votre propre rôle d’administrateur.' : undefined}
        />
        <CheckboxField label="Compte actif" {...form.checkbox('active')} disabled={self} />
        <PasswordField
          label="Nouveau mot de passe"
          autoComplete="new-password"
          hint={`Laissez vide pour ne pas le changer. Au moins ${PASSWORD_MIN_LENGTH} caractères ; l’utilisateur sera déconnecté.`}
          {...form.field('password')}
        />
        <FormAlert>{form.summary}</FormAlert>
        <div className={own.actions}>
          {!changed ? <p className={styles.muted}>Aucune modification à enregistrer.</p> : null}
          <Button type="submit" disabled={!changed || form.isSubmitting}>{form.isSubmitting ? 'Enregistrement…' : 'Enregistrer'}</Button>
        </div>
      </form>
    </section>
  )
}
