// Order statuses and payment methods as the shop names them (docs/rules.md#orders,
// docs/rules.md#payments): shared by the customer's order pages and the admin area.

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

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value)
}

export function orderStatusLabel(status: string): string {
  return isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status
}

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

export function isConfirmation(value: unknown): value is Confirmation {
  return typeof value === 'string' && (CONFIRMATIONS as readonly string[]).includes(value)
}

export function confirmationLabel(confirmation: string): string {
  return isConfirmation(confirmation) ? CONFIRMATION_LABELS[confirmation] : confirmation
}

/** `paypal` was the first version's value for cash on delivery (docs/rules.md#payments); `card` only on old orders. */
const PAYMENT_METHOD_LABELS: Record<string, string> = {
  wave: 'Wave',
  cash_on_delivery: 'Paiement à la livraison',
  paypal: 'Paiement à la livraison',
  card: 'Carte bancaire',
}

export function paymentMethodLabel(method: string): string {
  return PAYMENT_METHOD_LABELS[method] ?? method
}

export const isCashOnDelivery = (method: string) => method === 'cash_on_delivery' || method === 'paypal'

const PAYMENT_STATUS_LABELS: Record<string, string> = {
  pending: 'Non payée',
  paid: 'Payée',
  failed: 'Paiement échoué',
  refunded: 'Remboursée',
}

export function paymentStatusLabel(status: string): string {
  return PAYMENT_STATUS_LABELS[status] ?? status
}

const SHIPPING_METHOD_LABELS: Record<string, string> = {
  standard: 'Livraison standard',
  express: 'Livraison express',
  pickup: 'Retrait en boutique',
}

export function shippingMethodLabel(method: string): string {
  return SHIPPING_METHOD_LABELS[method] ?? method
}
