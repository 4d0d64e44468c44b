// Order statuses and payment methods as the shop names them (docs/rules.md#orders,
// docs/rules.md#payments): shared by the customer's order pages and the admin area.
import { isOneOf, labelOf } from '@/lib/codes'

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled', 'refused'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'En attente',
  processing: 'En traitement',
  shipped: 'Expédiée',
  delivered: 'Livrée',
  cancelled: 'Annulée',
  refused: 'Refusée à la livraison',
}

export const isOrderStatus = (value: unknown) => isOneOf(ORDER_STATUSES, value)
export const orderStatusLabel = (status: string) => labelOf(ORDER_STATUS_LABELS, status)

/** The order's progress bar. A cancelled order, or one refused at the door, is finished too. */
export const ORDER_PROGRESS: Record<OrderStatus, number> = {
  pending: 25,
  processing: 50,
  shipped: 75,
  delivered: 100,
  cancelled: 100,
  refused: 100,
}

/** Orders that ended without reaching their customer. */
export const isStoppedOrder = (status: string) => status === 'cancelled' || status === 'refused'

/** Where a cash-on-delivery order stands with its customer (docs/rules.md#cash-on-delivery). */
export const CONFIRMATIONS = ['awaiting', 'confirmed', 'no_answer', 'wrong_number'] as const
export type Confirmation = (typeof CONFIRMATIONS)[number]

export const CONFIRMATION_LABELS: Record<Confirmation, string> = {
  awaiting: 'À confirmer',
  confirmed: 'Confirmée',
  no_answer: 'Pas de réponse',
  wrong_number: 'Numéro erroné',
}

export const isConfirmation = (value: unknown) => isOneOf(CONFIRMATIONS, value)
export const confirmationLabel = (confirmation: string) => labelOf(CONFIRMATION_LABELS, confirmation)

/** `paypal` was the first version's value for cash on delivery (docs/rules.md#payments); `card` only on old orders. */
const PAYMENT_METHOD_LABELS: Record<string, string> = {
  wave: 'Wave',
  cash_on_delivery: 'Paiement à la livraison',
  paypal: 'Paiement à la livraison',
  card: 'Carte bancaire',
}

export const paymentMethodLabel = (method: string) => labelOf(PAYMENT_METHOD_LABELS, method)

export const isCashOnDelivery = (method: string) => method === 'cash_on_delivery' || method === 'paypal'

const PAYMENT_STATUS_LABELS: Record<string, string> = {
  pending: 'Non payée',
  paid: 'Payée',
  failed: 'Paiement échoué',
  refunded: 'Remboursée',
}

export const paymentStatusLabel = (status: string) => labelOf(PAYMENT_STATUS_LABELS, status)

const SHIPPING_METHOD_LABELS: Record<string, string> = {
  standard: 'Livraison standard',
  express: 'Livraison express',
  pickup: 'Retrait en boutique',
}

export const shippingMethodLabel = (method: string) => labelOf(SHIPPING_METHOD_LABELS, method)
