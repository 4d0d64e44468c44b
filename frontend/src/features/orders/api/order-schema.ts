// An order as the API shows it to its customer (GET /api/orders/{id}, the
// answer of POST /api/orders and of a cancellation), its query keys and the
// French labels of its codes (docs/rules.md#orders, docs/rules.md#payments).
import { array, boolean, int, nullish, number, object, optional, string, union, type infer as Infer } from 'zod/mini'

export const orderItemSchema = object({
  productId: union([string(), int()]),
  name: string(),
  image: optional(string()),
  size: optional(string()),
  color: optional(string()),
  quantity: int(),
  /** Unit price paid, in FCFA. */
  price: number(),
})

export const orderShippingInfoSchema = object({
  firstName: string(),
  lastName: string(),
  email: string(),
  phone: string(),
  address: string(),
  city: string(),
  country: optional(string()),
  zipCode: optional(string()),
  /** The commune delivered to and its zone, as they were when the order was placed (empty for pickup). */
  commune: optional(string()),
  communeName: optional(string()),
  zone: optional(string()),
  zoneName: optional(string()),
  /** The point de repère a courier finds the customer by. */
  landmark: optional(string()),
  /** The customer's delivery instructions. */
  notes: optional(string()),
})

export const orderSchema = object({
  id: union([string(), int()]),
  orderNumber: string(),
  createdAt: string(),
  status: string(),
  items: array(orderItemSchema),
  subtotal: number(),
  shippingCost: number(),
  discount: optional(number()),
  total: number(),
  /** The promo code the order was placed with; null: none. */
  promoCode: nullish(string()),
  shippingInfo: orderShippingInfoSchema,
  shippingMethod: string(),
  paymentMethod: string(),
  paymentInfo: optional(
    object({ status: string(), label: string(), paymentMethod: optional(string()), paidAt: nullish(string()) }),
  ),
  statusHistory: optional(array(object({ status: string(), date: string(), by: optional(string()), note: optional(string()) }))),
  /** The server's rule (bitik_orders::rules): its customer may still cancel it. */
  cancellable: optional(boolean()),
  /** Cash on delivery only: awaiting, confirmed, no_answer or wrong_number; null for Wave. */
  confirmation: nullish(string()),
  /** The server's rule: a pending cash-on-delivery order its customer may confirm now. */
  confirmable: optional(boolean()),
  /** What the shop typed about the parcel's journey. */
  trackingNote: optional(string()),
  /** Who carries the shipped parcel. */
  courier: nullish(object({ name: string(), phone: string() })),
  /**
   * The server's offer (docs/rules.md#payments): `pay` (« Payer avec Wave »), `switch_from_cash`
   * (« Payer maintenant avec Wave »), `pay_balance` (« Payer le reste avec Wave ») or null.
   */
  payWithWave: nullish(string()),
  /** Money given back (docs/rules.md#refunds), whatever became of it. */
  refunds: optional(array(object({ id: string(), amount: number(), method: string(), state: string(), createdAt: string(), settledAt: nullish(string()) }))),
  /** What the succeeded refunds gave back. */
  refundedAmount: optional(number()),
  /** What was paid so far, what is left to pay, and what was paid beyond the total (docs/rules.md#corrections). */
  amountPaid: optional(int()),
  amountDue: optional(int()),
  overpaid: optional(int()),
  /** The server's rule: an unpaid Wave order its customer may pay at the door instead. */
  switchToCash: optional(boolean()),
  /** The server's rule: its « Facture » can be had (paid, or delivered). */
  invoiceable: optional(boolean()),
  /** The order's own page, opened without logging in (`/orders/{id}?k=…`). */
  orderUrl: nullish(string()),
})

export type Order = Infer<typeof orderSchema>
export type OrderItem = Infer<typeof orderItemSchema>

export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (params: { page: number; limit: number }) => [...orderKeys.lists(), params] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
}

// The five statuses and their French labels are the shop's (docs/rules.md#orders), shared with the admin area.
export { ORDER_STATUS_LABELS, orderStatusLabel } from '@/config/orders'

/** `paypal` was the old value of cash on delivery; `card` only exists on old orders (docs/rules.md#payments). */
export const PAYMENT_METHOD_LABELS: Record<string, string> = {
  wave: 'Wave',
  cash_on_delivery: 'Paiement à la livraison',
  paypal: 'Paiement à la livraison',
  card: 'Carte',
}

export function paymentMethodLabel(method: string): string {
  return PAYMENT_METHOD_LABELS[method] ?? method
}

/**
 * Where the payment stands in the customer's words: the server's, which follows the order's real
 * state (« À payer à la livraison », « Non payée : colis refusé »…, bitik_orders::customer_view).
 */
export function paymentLabel(order: { paymentInfo?: { label: string } | null }): string {
  return order.paymentInfo?.label ?? ''
}

/** How the money went back, as the customer reads it. */
export const REFUND_METHOD_LABELS: Record<string, string> = {
  wave: 'sur votre compte Wave',
  cash: 'en espèces',
  wave_transfer: 'par transfert Wave',
}

/** The service-client button only while the order is pending. */
export function canContactSupport(order: Pick<Order, 'status'>): boolean {
  return order.status === 'pending'
}
