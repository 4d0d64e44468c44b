// The zone form of the back office: its values as typed, what it sends, and
// the checks said before sending (the server's own rules and messages,
// bitik_orders::delivery::form; it checks them again, with those it alone can
// know: a commune another zone covers, a code taken).
import type { DeliveryZone } from '@/lib/delivery-zones'
import { formatPrice } from '@/lib/format'
import type { ZoneBody } from './api/zones'

/** The highest amount the server takes. */
export const MAX_AMOUNT = 1_000_000

export interface CommuneRow {
  /** React's key: the code of a saved commune, a counter for a new one. */
  key: string
  code: string
  name: string
  /** Saved communes keep their code: addresses and checkouts name them by it. */
  saved: boolean
}

// A type, not an interface: the field errors are a record of its keys.
export type ZoneFormValues = {
  code: string
  name: string
  fee: string
  expressFee: string
  freeFrom: string
  delay: string
  /** Express delivery's own delay, asked with an express fee. */
  expressDelay: string
  cashOnDelivery: boolean
  active: boolean
  communes: CommuneRow[]
}

export type ZoneFormErrors = Partial<Record<keyof ZoneFormValues, string>>

const amountText = (amount: number | null) => (amount === null ? '' : String(amount))

/** The form of a zone, or of a new one (active, cash on delivery taken, one empty commune). */
export function zoneFormValues(zone?: DeliveryZone): ZoneFormValues {
  if (!zone) {
    return {
      code: '',
      name: '',
      fee: '',
      expressFee: '',
      freeFrom: '',
      delay: '',
      expressDelay: '',
      cashOnDelivery: true,
      active: true,
      communes: [newCommune(0)],
    }
  }
  return {
    code: zone.code,
    name: zone.name,
    fee: amountText(zone.fee),
    expressFee: amountText(zone.expressFee),
    freeFrom: amountText(zone.freeFrom),
    delay: zone.delay,
    expressDelay: zone.expressDelay ?? '',
    cashOnDelivery: zone.cashOnDelivery,
    active: zone.active,
    communes: zone.communes.map((commune) => ({ key: commune.code, code: commune.code, name: commune.name, saved: true })),
  }
}

export function newCommune(n: number): CommuneRow {
  return { key: `new-${n}`, code: '', name: '', saved: false }
}

/** An amount as typed: blank is none, `1 500` is 1500; anything else is not an amount. */
export function parseAmount(text: string): number | null | undefined {
  const digits = text.replace(/[\s\u202f\u00a0]/g, '')
  if (digits === '') return null
  return /^\d+$/.test(digits) ? Number(digits) : undefined
}

function amountError(text: string, required: string | null): string | null {
  const amount = parseAmount(text)
  if (amount === null) return required
  if (amount === undefined) return 'Un montant doit être un nombre entier de francs, positif ou nul'
  if (amount > MAX_AMOUNT) return `Un montant ne peut pas dépasser ${formatPrice(MAX_AMOUNT)}`
  return null
}

/** What the form says before sending, field by field. */
export function zoneFormErrors(values: ZoneFormValues): ZoneFormErrors {
  const errors: ZoneFormErrors = {}
  if (!values.name.trim()) errors.name = 'Le nom de la zone est requis'
  else if (values.name.trim().length > 100) errors.name = 'Ce champ ne peut pas dépasser 100 caractères'
  const fee = amountError(values.fee, 'Les frais de livraison sont requis')
  if (fee) errors.fee = fee
  const express = amountError(values.expressFee, null)
  if (express) errors.expressFee = express
  const freeFrom = amountError(values.freeFrom, null)
  if (freeFrom) errors.freeFrom = freeFrom
  if (!values.delay.trim()) errors.delay = 'Le délai de livraison est requis'
  else if (values.delay.trim().length > 60) errors.delay = 'Ce champ ne peut pas dépasser 60 caractères'
  if (!express && parseAmount(values.expressFee) != null) {
    if (!values.expressDelay.trim()) errors.expressDelay = 'Le délai de la livraison express est requis'
    else if (values.expressDelay.trim().length > 60) errors.expressDelay = 'Ce champ ne peut pas dépasser 60 caractères'
  }
  const named = values.communes.filter((commune) => commune.name.trim())
  if (named.length === 0) errors.communes = 'Ajoutez au moins une commune'
  else if (named.length < values.communes.length) errors.communes = 'Chaque commune a besoin d’un nom'
  return errors
}

/** The body sent: trimmed texts, amounts in francs, blank ones none. */
export function zoneBody(values: ZoneFormValues, isNew: boolean): ZoneBody {
  return {
    ...(isNew && values.code.trim() ? { code: values.code.trim() } : {}),
    name: values.name.trim(),
    fee: parseAmount(values.fee) ?? null,
    expressFee: parseAmount(values.expressFee) ?? null,
    freeFrom: parseAmount(values.freeFrom) ?? null,
    delay: values.delay.trim(),
    // Read with an express fee only: without one, express is not offered and has no delay.
    expressDelay: parseAmount(values.expressFee) != null ? values.expressDelay.trim() : null,
    cashOnDelivery: values.cashOnDelivery,
    active: values.active,
    communes: values.communes.map((commune) => ({
      ...(commune.code.trim() ? { code: commune.code.trim() } : {}),
      name: commune.name.trim(),
    })),
  }
}
