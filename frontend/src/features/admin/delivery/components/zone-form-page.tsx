// /admin/delivery/new and /admin/delivery/edit/{code}: a zone's name, fees,
// delay, whether cash on delivery is taken and whether it is offered, and its
// communes (docs/rules.md#delivery). Orders already placed keep their fee.
import { useRef, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { Button, ButtonLink } from '@/components/ui/button'
import { CheckboxField, FormAlert, TextField } from '@/components/ui/form-field'
import { PageSpinner } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import { isApiError } from '@/lib/api-client'
import { FORM_HAS_ERRORS } from '@/lib/form'
import { usePageMeta } from '@/lib/seo'
import { adminErrorMessage } from '../../common/admin-error'
import styles from '../../common/admin.module.css'
import { LoadError, PageHeader } from '../../common/page-header'
import { useErrorToast } from '../../common/use-error-toast'
import { useAdminZones, useCreateZone, useUpdateZone } from '../api/zones'
import {
  newCommune,
  parseAmount,
  zoneBody,
  zoneFormErrors,
  zoneFormValues,
  type ZoneFormErrors,
  type ZoneFormValues,
} from '../zone-form-model'
import { ZONES_LOAD_FAILED } from './zones-page'
import own from './zones.module.css'

export const ZONE_SAVED = 'Zone de livraison enregistrée'
export const ZONE_SAVE_FAILED = "Erreur lors de l'enregistrement de la zone"
export const ZONE_NOT_FOUND = 'Zone de livraison introuvable'

function BackLink() {
  return <ButtonLink to="/admin/delivery" variant="secondary">← Retour aux zones</ButtonLink>
}

export function ZoneFormPage({ code }: { code?: string }) {
  usePageMeta({ title: code ? 'Modifier la zone – Administration' : 'Nouvelle zone – Administration', noindex: true })
  const zones = useAdminZones()
  const loadError = adminErrorMessage(zones.error, ZONES_LOAD_FAILED)
  useErrorToast(zones.isError, zones.errorUpdatedAt, loadError)
  if (!code) return <ZoneForm initial={zoneFormValues()} />
  if (zones.isPending) return <PageSpinner label="Chargement de la zone…" />
  const zone = zones.data?.find((z) => z.code === code)
  if (!zone) {
    return (
      <section className={styles.page}>
        <PageHeader title="Modifier la zone" actions={<BackLink />} />
        <LoadError message={zones.isError ? loadError : ZONE_NOT_FOUND} onRetry={zones.isError ? () => void zones.refetch() : undefined} />
      </section>
    )
  }
  return <ZoneForm code={zone.code} initial={zoneFormValues(zone)} />
}

const ZONE_FIELDS: (keyof ZoneFormValues)[] = ['code', 'name', 'fee', 'expressFee', 'expressDelay', 'freeFrom', 'delay', 'communes']

function ZoneForm({ code, initial }: { code?: string; initial: ZoneFormValues }) {
  const [values, setValues] = useState(initial)
  const [submitted, setSubmitted] = useState(false)
  const [serverErrors, setServerErrors] = useState<ZoneFormErrors>({})
  const [refusal, setRefusal] = useState<string | null>(null)
  const nextCommune = useRef(1)
  const create = useCreateZone()
  const update = useUpdateZone()
  const toast = useToast()
  const navigate = useNavigate()
  const pending = create.isPending || update.isPending
  const isNew = code === undefined

  const errors = submitted ? { ...zoneFormErrors(values), ...serverErrors } : serverErrors
  const set = <K extends keyof ZoneFormValues>(name: K, value: ZoneFormValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }))
    setServerErrors(({ [name]: _dropped, ...rest }) => rest)
  }
  const setCommune = (key: string, name: string) =>
    set('communes', values.communes.map((commune) => (commune.key === key ? { ...commune, name } : commune)))
  const field = (name: 'code' | 'name' | 'fee' | 'expressFee' | 'expressDelay' | 'freeFrom' | 'delay') => ({
    id: `zone-${name}`,
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
  })

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    setSubmitted(true)
    setRefusal(null)
    if (Object.keys(zoneFormErrors(values)).length > 0 || pending) return
    const body = zoneBody(values, isNew)
    try {
      if (isNew) await create.mutateAsync(body)
      else await update.mutateAsync({ code, body })
      toast.success(ZONE_SAVED)
      navigate('/admin/delivery')
    } catch (failure) {
      const message = adminErrorMessage(failure, ZONE_SAVE_FAILED)
      toast.error(message)
      const fields = isApiError(failure) ? failure.fields : {}
      const known = Object.fromEntries(ZONE_FIELDS.filter((name) => fields[name]).map((name) => [name, fields[name]]))
      setServerErrors(known)
      if (!Object.values(known).includes(message)) setRefusal(message)
    }
  }

  return (
    <section className={styles.page}>
      <PageHeader
        title={isNew ? 'Nouvelle zone de livraison' : `Modifier ${initial.name}`}
        subtitle={isNew ? undefined : 'Les commandes déjà passées gardent les frais payés.'}
        actions={<BackLink />}
      />
      <form className={`${styles.panel} ${own.form}`} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Zone de livraison">
        <FormAlert>{refusal}</FormAlert>
        <div className={own.row}>
          <TextField label="Nom" required {...field('name')} />
          {isNew ? (
            <TextField label="Code" hint="Facultatif : fait à partir du nom (dakar-ville). Il ne change plus ensuite." {...field('code')} />
          ) : (
            <TextField label="Code" readOnly hint="Les commandes nomment la zone par son code." {...field('code')} />
          )}
        </div>
        <div className={own.row}>
          <TextField label="Frais de livraison standard (FCFA)" required inputMode="numeric" {...field('fee')} />
          <TextField label="Frais de livraison express (FCFA)" inputMode="numeric" hint="Vide : pas d’express dans cette zone." {...field('expressFee')} />
        </div>
        <div className={own.row}>
          <TextField label="Livraison standard offerte dès (FCFA)" inputMode="numeric" hint="Vide : jamais offerte." {...field('freeFrom')} />
          <TextField label="Délai affiché" required placeholder="24 h, 24 à 48 h, 2 à 4 jours ouvrés" {...field('delay')} />
        </div>
        {parseAmount(values.expressFee) != null ? (
          <div className={own.row}>
            <TextField label="Délai de la livraison express" required placeholder="Le jour même, 24 h" {...field('expressDelay')} />
          </div>
        ) : null}
        <CheckboxField
          id="zone-cash"
          label="Paiement à la livraison accepté"
          checked={values.cashOnDelivery}
          onChange={(event) => set('cashOnDelivery', event.target.checked)}
        />
        <CheckboxField
          id="zone-active"
          label="Zone active (proposée aux clients)"
          checked={values.active}
          onChange={(event) => set('active', event.target.checked)}
        />

        <fieldset className={own.communes} aria-describedby={errors.communes ? 'zone-communes-error' : undefined}>
          <legend>Communes ({values.communes.length})</legend>
          <ul>
            {values.communes.map((commune, index) => (
              <li key={commune.key} className={own.commune}>
                <TextField
                  id={`zone-commune-${commune.key}`}
                  label={`Commune ${index + 1}`}
                  value={commune.name}
                  hint={commune.saved ? `Code : ${commune.code}` : undefined}
                  onChange={(event) => setCommune(commune.key, event.target.value)}
                />
                <button
                  type="button"
                  className={`${styles.iconButton} ${styles.danger}`}
                  aria-label={`Retirer ${commune.name || `la commune ${index + 1}`}`}
                  onClick={() => set('communes', values.communes.filter((c) => c.key !== commune.key))}
                >
                  Retirer
                </button>
              </li>
            ))}
          </ul>
          <Button variant="secondary" onClick={() => set('communes', [...values.communes, newCommune(nextCommune.current++)])}>
            Ajouter une commune
          </Button>
          {errors.communes ? <p id="zone-communes-error" className={own.error}>{errors.communes}</p> : null}
        </fieldset>

        <FormAlert>{submitted && Object.keys(zoneFormErrors(values)).length > 0 ? FORM_HAS_ERRORS : null}</FormAlert>
        <div className={own.actions}>
          <Button type="submit" disabled={pending}>{pending ? 'Enregistrement…' : 'Enregistrer la zone'}</Button>
        </div>
      </form>
    </section>
  )
}
