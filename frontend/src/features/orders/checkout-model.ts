// The checkout's steps, its delivery form and what it sends. The server checks
// the same form again and prices everything itself: what is computed here is
// only what the shopper sees before confirming.
import { maxLength, minLength, object, refine, regex, string, trim } from 'zod/mini'
import { GENERIC_ERROR_MESSAGE, isApiError } from '@/lib/api-client'
import { PICKUP, STANDARD_SHIPPING, deliveryFee, type DeliveryZone } from '@/lib/delivery-zones'
import { EMAIL_PATTERN } from '@/lib/form'
import { PHONE_INVALID, editablePhone, phoneShape } from '@/lib/phone'
import { shop } from '@/lib/shop'

export const CHECKOUT_STEPS = [
  { id: 'delivery', label: 'Livraison' },
  { id: 'payment', label: 'Paiement' },
  { id: 'review', label: 'Confirmation' },
] as const

export type CheckoutStep = (typeof CHECKOUT_STEPS)[number]['id']

/** The checkout's messages, word for word. */
export const CHECKOUT_MESSAGES = {
  requiredFields: 'Veuillez remplir tous les champs obligatoires',
  emailInvalid: 'Veuillez entrer une adresse email valide',
  phoneInvalid: PHONE_INVALID,
  paymentRequired: 'Veuillez sélectionner une méthode de paiement',
  emptyCart: 'Votre panier est vide. Impossible de créer une commande.',
  created: 'Commande créée avec succès!',
  failed: 'Une erreur est survenue lors de la création de la commande. Veuillez réessayer.',
} as const

/** A field's own message when it is empty (the form's summary says `requiredFields`). */
export const FIELD_REQUIRED = 'Ce champ est requis'

const tooLong = (max: number) => maxLength(max, `Ce champ ne peut pas dépasser ${max} caractères`)
const required = (max: number) => string().check(trim(), minLength(1, FIELD_REQUIRED), tooLong(max))
const optionalText = (max: number) => string().check(trim(), tooLong(max))

type DeliveryPlace = { shippingMethod: string; address: string; commune: string; landmark: string }

/** A field a delivery needs and pickup at the shop does not (the server's rule too). */
const forDelivery = (field: 'address' | 'commune' | 'landmark') =>
  refine<DeliveryPlace>((values) => values.shippingMethod === PICKUP || values[field].trim() !== '', {
    message: FIELD_REQUIRED,
    path: [field],
    // Said with the other fields' problems, not once they are fixed.
    when: () => true,
  })

/**
 * Step 1. Lengths as the server's (bitik_orders::checkout::recipient): a
 * delivery needs a street address, a commune of the zones and a landmark;
 * pickup at the shop none of them. No city, postcode or country: the commune
 * says where (Dakar has no postcodes).
 */
export const deliverySchema = object({
  firstName: required(100),
  lastName: required(100),
  // Optional: a customer is their phone; a receipt goes to an e-mail given.
  email: string().check(
    trim(),
    tooLong(254),
    refine((value) => value === '' || EMAIL_PATTERN.test(value), CHECKOUT_MESSAGES.emailInvalid),
  ),
  phone: string().check(trim(), minLength(1, FIELD_REQUIRED), phoneShape),
  address: optionalText(300),
  commune: string(),
  landmark: optionalText(200),
  notes: optionalText(500),
  shippingMethod: string().check(regex(/\S/, 'Veuillez choisir un mode de livraison')),
}).check(forDelivery('address'), forDelivery('commune'), forDelivery('landmark'))

// A type, not an interface: the form wants a record of values.
export type DeliveryValues = {
  firstName: string
  lastName: string
  email: string
  phone: string
  address: string
  /** A commune's code from the zones. */
  commune: string
  /** The point de repère a courier finds the shopper by. */
  landmark: string
  notes: string
  shippingMethod: string
}

export { SHIPPING_METHODS, shippingLabel } from './shipping-methods'

/** Where pickup happens, for the choice's hint. */
export const PICKUP_HINT = `${shop.address} · ${shop.hours}`

/** The one sentence above the form: "fill every required field" first, else the first other message. */
export function deliverySummary(errors: Partial<Record<keyof DeliveryValues, string>>): string | null {
  const messages = Object.values(errors).filter((m): m is string => Boolean(m))
  if (messages.length === 0) return null
  return messages.includes(FIELD_REQUIRED) ? CHECKOUT_MESSAGES.requiredFields : messages[0]!
}

export interface ProfileForCheckout {
  firstName: string
  lastName: string
  email: string | null
  phone?: string | null
  address?: string | null
}

export interface AddressForCheckout {
  firstName: string
  lastName: string
  phone: string
  address: string
  commune?: string | null
  landmark?: string | null
}

const text = (value: string | null | undefined) => value?.trim() ?? ''

/**
 * The form's first values: the default address of the address book when
 * there is one (it is where the shopper receives parcels), the profile for
 * the rest; the commune the shopper chose in the cart when the address names
 * none; standard delivery by default.
 */
export function deliveryDefaults(
  profile: ProfileForCheckout,
  address?: AddressForCheckout | null,
  chosenCommune?: string | null,
): DeliveryValues {
  const from = <K extends keyof AddressForCheckout & keyof ProfileForCheckout>(key: K) =>
    text(address?.[key]) || text(profile[key])
  return {
    firstName: from('firstName'),
    lastName: from('lastName'),
    email: text(profile.email),
    phone: editablePhone(from('phone')),
    address: from('address'),
    commune: text(address?.commune) || text(chosenCommune),
    landmark: text(address?.landmark),
    notes: '',
    shippingMethod: STANDARD_SHIPPING,
  }
}

/** An address of the customer's book, as checkout compares the one typed with it. */
export interface BookAddress {
  address: string
  commune?: string | null
  landmark?: string | null
}

/** The same place, whatever the case and the spaces: « Rue 10 » is « rue  10 ». */
const samePlace = (a: string | null | undefined, b: string | null | undefined) =>
  text(a).toLocaleLowerCase('fr').replace(/\s+/g, ' ') === text(b).toLocaleLowerCase('fr').replace(/\s+/g, ' ')

/** Whether the book already holds the delivery's place: its street, commune and landmark. */
export function inAddressBook(delivery: Pick<DeliveryValues, 'address' | 'commune' | 'landmark'>, book: BookAddress[]): boolean {
  return book.some(
    (entry) =>
      samePlace(entry.address, delivery.address) && samePlace(entry.commune, delivery.commune) && samePlace(entry.landmark, delivery.landmark),
  )
}

/**
 * Whether the delivery step offers to keep the address in the book: a delivery (pickup needs
 * no address) to a place the book does not hold yet.
 */
export function offersToKeepAddress(delivery: DeliveryValues, book: BookAddress[] | null): boolean {
  return book !== null && delivery.shippingMethod !== PICKUP && !inAddressBook(delivery, book)
}

/** The box of the delivery step, checked at first when the book is empty. */
export const KEEP_ADDRESS_LABEL = 'Enregistrer cette adresse dans mon carnet'
/** Said when the order is placed but its address could not be added to the book. */
export const ADDRESS_NOT_KEPT = 'Votre commande est enregistrée, mais son adresse n’a pas pu être ajoutée à votre carnet.'

export const PAYMENT_METHODS = [
  { code: 'wave', label: 'Wave', description: 'Payez avec votre portefeuille Wave.' },
  {
    code: 'cash_on_delivery',
    label: 'Paiement à la livraison',
    description: 'Vous payez en espèces à la réception. Notre équipe vous appelle pour confirmer.',
  },
] as const

export type PaymentMethodCode = (typeof PAYMENT_METHODS)[number]['code']

/** Wave is the payment method chosen by default. */
export const DEFAULT_PAYMENT_METHOD: PaymentMethodCode = 'wave'

export function isPaymentMethod(value: string): value is PaymentMethodCode {
  return PAYMENT_METHODS.some((method) => method.code === value)
}

/** Why cash on delivery cannot be chosen for this delivery; null when it can (pickup always can). */
export function cashRefusal(zone: DeliveryZone | null, shippingMethod: string): string | null {
  if (shippingMethod === PICKUP || !zone || zone.cashOnDelivery) return null
  return `Le paiement à la livraison n’est pas proposé dans la zone ${zone.name} : veuillez payer avec Wave.`
}

/** Step 2: a method is required, and cash on delivery only where the zone takes it. */
export function paymentError(value: string, zone: DeliveryZone | null = null, shippingMethod = STANDARD_SHIPPING): string | null {
  if (!isPaymentMethod(value)) return CHECKOUT_MESSAGES.paymentRequired
  return value === 'cash_on_delivery' ? cashRefusal(zone, shippingMethod) : null
}

/** What checkout needs of a cart line (the cart store's lines have it). */
export interface CheckoutLine {
  key: string
  productId: string | number
  name: string
  image?: string
  /** The unit price paid (the promotion's when there is one). */
  unitPrice: number
  quantity: number
  size: string
  color?: string
}

export interface OrderRequest {
  items: { productId: string; quantity: number; size: string; color: string }[]
  shippingInfo: Omit<DeliveryValues, 'shippingMethod'>
  shippingMethod: string
  paymentMethod: PaymentMethodCode
  /** The promo code applied in the cart; the server decides what it takes off. */
  promoCode?: string
}

/** The body of POST /api/orders. No price, total or number: the server makes them. */
export function orderRequest(
  lines: CheckoutLine[],
  delivery: DeliveryValues,
  paymentMethod: PaymentMethodCode,
  promoCode: string | null = null,
): OrderRequest {
  const { shippingMethod, ...shippingInfo } = delivery
  const trimmed = Object.fromEntries(Object.entries(shippingInfo).map(([k, v]) => [k, v.trim()])) as OrderRequest['shippingInfo']
  return {
    items: lines.map((line) => ({
      productId: String(line.productId),
      quantity: line.quantity,
      size: line.size,
      color: line.color ?? '',
    })),
    shippingInfo: trimmed,
    shippingMethod,
    paymentMethod,
    ...(promoCode ? { promoCode } : {}),
  }
}

export interface CheckoutEstimate {
  subtotal: number
  /** Null while the delivery rules are unknown. */
  shippingCost: number | null
  /** What the promo code takes off, as the server last said. */
  discount: number
  total: number
}

/** The recap before confirming: the cart's subtotal and the fee of the commune's zone (lib/delivery-zones). */
export function estimateOrder(subtotal: number, methodCode: string, zone: DeliveryZone | null, discount = 0): CheckoutEstimate {
  const shippingCost = deliveryFee(zone, methodCode, subtotal)
  return { subtotal, shippingCost, discount, total: subtotal - discount + (shippingCost ?? 0) }
}

/** The server's message when it gave one, else the checkout's own sentence. */
export function orderFailureMessage(error: unknown): string {
  if (!isApiError(error)) return CHECKOUT_MESSAGES.failed
  const fromServer = error.status >= 400 && error.status < 500 && error.code !== 'invalid_response'
  return fromServer && error.message && error.message !== GENERIC_ERROR_MESSAGE ? error.message : CHECKOUT_MESSAGES.failed
}

/**
 * A fresh `Idempotency-Key`. `crypto.randomUUID` exists only on https (and
 * localhost); `getRandomValues` everywhere, so a v4 UUID is made from it when needed.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * One key per checkout attempt: the same submission sent again (a retry after
 * a timeout, a second tap) keeps its key, so the server answers the first
 * order instead of making a second; a changed submission gets a new key.
 */
export function idempotencyKeys(make: () => string = newIdempotencyKey) {
  let last: { payload: string; key: string } | null = null
  return (request: OrderRequest): string => {
    const payload = JSON.stringify(request)
    if (last?.payload !== payload) last = { payload, key: make() }
    return last.key
  }
}
