// /admin/promo-codes: every code with its uses and the revenue it brought, and
// the form that creates a code or changes the one chosen (docs/rules.md#promo-codes).
import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { CheckboxField, FormAlert, SelectField, TextField } from '@/components/ui/form-field'
import { PageSpinner } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import { isApiError } from '@/lib/api-client'
import { formatPrice } from '@/lib/format'
import { usePageMeta } from '@/lib/seo'
import { adminErrorMessage } from '../../common/admin-error'
import { AdminTable, type Column } from '../../common/admin-table'
import styles from '../../common/admin.module.css'
import { LoadError, PageHeader } from '../../common/page-header'
import { useErrorToast } from '../../common/use-error-toast'
import { usePromoCodes, useSavePromoCode, type PromoCode, type PromoCodeBody } from '../api/promo-codes'

export const PROMO_LOAD_FAILED = 'Erreur lors du chargement des codes promo'
export const PROMO_SAVED = 'Code promo enregistré'
const PERCENT = 'Pourcentage'
const FIXED = 'Montant fixe (FCFA)'

type Values = Record<'code' | 'kind' | 'value' | 'minSubtotal' | 'startsAt' | 'endsAt' | 'usageLimit', string> &
  Record<'oncePerCustomer' | 'includesPromotions' | 'active', boolean>

const EMPTY: Values = {
  code: '', kind: 'percent', value: '', minSubtotal: '', startsAt: '', endsAt: '', usageLimit: '',
  oncePerCustomer: false, includesPromotions: false, active: true,
}

/** The date part the form shows: Dakar is on GMT, so the instant's own date. An end is exclusive: the day before. */
function day(instant: string | null, end = false): string {
  if (!instant) return ''
  const at = new Date(instant)
  if (end) at.setUTCSeconds(at.getUTCSeconds() - 1)
  return at.toISOString().slice(0, 10)
}

function valuesOf(code: PromoCode): Values {
  const text = (n: number | null) => (n === null ? '' : String(n))
  return {
    code: code.code, kind: code.kind, value: String(code.value), minSubtotal: text(code.minSubtotal),
    startsAt: day(code.startsAt), endsAt: day(code.endsAt, true), usageLimit: text(code.usageLimit),
    oncePerCustomer: code.oncePerCustomer, includesPromotions: code.includesPromotions, active: code.active,
  }
}

/** Blank is no limit; anything else goes to the server as typed, which says what is wrong with it. */
function body(values: Values): PromoCodeBody {
  const number = (text: string) => (text.trim() === '' ? null : Number(text.replace(/\s/g, '')))
  const date = (text: string) => text.trim() || null
  return {
    code: values.code,
    kind: values.kind === 'fixed' ? 'fixed' : 'percent',
    value: number(values.value),
    minSubtotal: number(values.minSubtotal),
    startsAt: date(values.startsAt),
    endsAt: date(values.endsAt),
    usageLimit: number(values.usageLimit),
    oncePerCustomer: values.oncePerCustomer,
    includesPromotions: values.includesPromotions,
    active: values.active,
  }
}

const reduction = (code: PromoCode) => (code.kind === 'percent' ? `${code.value} %` : formatPrice(code.value))

export function PromoCodesPage() {
  usePageMeta({ title: 'Codes promo – Administration', noindex: true })
  const codes = usePromoCodes()
  const save = useSavePromoCode()
  const toast = useToast()
  const [editing, setEditing] = useState<string | null>(null)
  const [values, setValues] = useState<Values>(EMPTY)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [refusal, setRefusal] = useState<string | null>(null)
  const loadError = adminErrorMessage(codes.error, PROMO_LOAD_FAILED)
  useErrorToast(codes.isError, codes.errorUpdatedAt, loadError)

  const set = <K extends keyof Values>(name: K, value: Values[K]) => setValues((current) => ({ ...current, [name]: value }))

  function edit(code: PromoCode | null) {
    setEditing(code?.id ?? null)
    setValues(code ? valuesOf(code) : EMPTY)
    setErrors({})
    setRefusal(null)
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setErrors({})
    setRefusal(null)
    try {
      await save.mutateAsync({ id: editing, body: body(values) })
    } catch (error) {
      setErrors(isApiError(error) ? error.fields : {})
      setRefusal(isApiError(error) ? error.message : "Erreur lors de l'enregistrement du code")
      return
    }
    toast.success(PROMO_SAVED)
    edit(null)
  }

  const columns: Column<PromoCode>[] = [
    { header: 'Code', cell: (code) => <strong>{code.code}</strong> },
    { header: 'Réduction', numeric: true, cell: reduction },
    { header: 'Minimum', numeric: true, cell: (code) => (code.minSubtotal ? formatPrice(code.minSubtotal) : '—') },
    { header: 'Validité', cell: (code) => `${day(code.startsAt) || '…'} → ${day(code.endsAt, true) || '…'}` },
    { header: 'Utilisations', numeric: true, cell: (code) => `${code.uses}${code.usageLimit ? ` / ${code.usageLimit}` : ''}` },
    { header: "Chiffre d'affaires", numeric: true, cell: (code) => formatPrice(code.revenue) },
    { header: 'Réductions', numeric: true, cell: (code) => formatPrice(code.discounts) },
    {
      header: 'Statut',
      cell: (code) => <span className={`${styles.badge} ${code.active ? styles.good : styles.neutral}`}>{code.active ? 'Actif' : 'Inactif'}</span>,
    },
    {
      header: 'Actions',
      hideHeader: true,
      label: '',
      cell: (code) => (
        <button type="button" className={styles.iconButton} onClick={() => edit(code)} aria-label={`Modifier ${code.code}`}>
          Modifier
        </button>
      ),
    },
  ]

  return (
    <section className={styles.page}>
      <PageHeader title="Codes promo" subtitle="Dates à l'heure de Dakar ; un champ vide veut dire sans limite. Une commande annulée rend son utilisation." />
      <form className={styles.panel} onSubmit={(event) => void submit(event)} noValidate aria-labelledby="promo-form-title">
        <h2 id="promo-form-title">{editing ? `Modifier ${values.code}` : 'Nouveau code'}</h2>
        <FormAlert>{refusal}</FormAlert>
        <TextField id="promo-code" label="Code" required value={values.code} error={errors.code} onChange={(e) => set('code', e.target.value)} />
        <SelectField
          id="promo-kind"
          label="Type"
          value={values.kind === 'fixed' ? FIXED : PERCENT}
          error={errors.kind}
          options={[PERCENT, FIXED]}
          onChange={(e) => set('kind', e.target.value === FIXED ? 'fixed' : 'percent')}
        />
        <TextField id="promo-value" label="Valeur" required inputMode="numeric" value={values.value} error={errors.value} onChange={(e) => set('value', e.target.value)} />
        <TextField id="promo-min" label="Montant minimum (FCFA)" inputMode="numeric" value={values.minSubtotal} error={errors.minSubtotal} onChange={(e) => set('minSubtotal', e.target.value)} />
        <TextField id="promo-starts" label="Début" type="date" value={values.startsAt} error={errors.startsAt} onChange={(e) => set('startsAt', e.target.value)} />
        <TextField id="promo-ends" label="Fin (incluse)" type="date" value={values.endsAt} error={errors.endsAt} onChange={(e) => set('endsAt', e.target.value)} />
        <TextField id="promo-limit" label="Utilisations au total" inputMode="numeric" value={values.usageLimit} error={errors.usageLimit} onChange={(e) => set('usageLimit', e.target.value)} />
        <CheckboxField id="promo-once" label="Une fois par client" checked={values.oncePerCustomer} onChange={(e) => set('oncePerCustomer', e.target.checked)} />
        <CheckboxField id="promo-promotions" label="S'applique aussi aux articles en promotion" checked={values.includesPromotions} onChange={(e) => set('includesPromotions', e.target.checked)} />
        <CheckboxField id="promo-active" label="Actif" checked={values.active} onChange={(e) => set('active', e.target.checked)} />
        <div className={styles.rowActions}>
          {editing ? <Button variant="secondary" onClick={() => edit(null)}>Annuler</Button> : null}
          <Button type="submit" disabled={save.isPending}>{editing ? 'Enregistrer' : 'Créer le code'}</Button>
        </div>
      </form>
      {codes.isPending ? (
        <PageSpinner label="Chargement des codes…" />
      ) : codes.isError ? (
        <LoadError message={loadError} onRetry={() => void codes.refetch()} />
      ) : codes.data.length === 0 ? (
        <p className={`${styles.panel} ${styles.empty}`}>Aucun code promo pour le moment.</p>
      ) : (
        <AdminTable items={codes.data} columns={columns} rowKey={(code) => code.id} />
      )}
    </section>
  )
}
