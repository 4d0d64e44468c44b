// An order as GET /api/admin/orders(/{id}) sends it (crates/api OrderDto).
// Amounts are whole francs: a float here is a server bug and fails the parse.
import { array, boolean, int, nullish, object, optional, string, type infer as Infer } from 'zod/mini'

export const orderItemSchema = object({
  productId: string(),
  name: string(),
  image: string(),
  size: string(),
  color: string(),
  quantity: int(),
  price: int(),
})

export const historyEntrySchema = object({
  status: string(),
  date: string(),
  by: string(),
  note: optional(string()),
  /** Whether the customer reads the note (« visible par le client »); the team's notes are internal otherwise. */
  customerVisible: optional(boolean()),
})

/** A report of the shop's call (or of the customer's own confirmation). */
export const confirmationAttemptSchema = object({ at: string(), outcome: string(), by: string() })

/** A refund of the order (docs/rules.md#refunds). */
export const refundSchema = object({
  id: string(),
  amount: int(),
  /** wave (asked of Wave), cash or wave_transfer (made by the shop). */
  method: string(),
  /** requested, unknown (« à vérifier »), succeeded or failed. */
  state: string(),
  reason: string(),
  by: string(),
  errorCode: nullish(string()),
  createdAt: string(),
  settledAt: nullish(string()),
})

export const adminOrderSchema = object({
  id: string(),
  orderNumber: string(),
  createdAt: string(),
  status: string(),
  items: array(orderItemSchema),
  subtotal: int(),
  shippingCost: int(),
  discount: int(),
  total: int(),
  /** The promo code the order was placed with; null: none. */
  promoCode: nullish(string()),
  /** Where it was taken: web, whatsapp, instagram, facebook, tiktok, phone, boutique. */
  channel: string(),
  /** « Site web », « WhatsApp »…, the server's words. */
  channelLabel: string(),
  /** A storefront order's campaign (utm_source); null: none. */
  source: nullish(string()),
  shippingInfo: object({
    firstName: string(),
    lastName: string(),
    email: string(),
    phone: string(),
    address: string(),
    city: string(),
    country: string(),
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
  }),
  shippingMethod: string(),
  paymentMethod: string(),
  paymentInfo: object({ status: string(), paymentMethod: string(), paidAt: nullish(string()) }),
  trackingNote: optional(string()),
  statusHistory: array(historyEntrySchema),
  /** Cash on delivery only (docs/rules.md#cash-on-delivery); null for Wave. */
  confirmation: nullish(string()),
  confirmationAttempts: optional(array(confirmationAttemptSchema)),
  /** A pending cash-on-delivery order not confirmed yet. */
  confirmable: optional(boolean()),
  /** The customer's signed link (single use), while the order waits for its confirmation. */
  confirmationLink: nullish(string()),
  courier: nullish(object({ name: string(), phone: string() })),
  /** When the parcel refused at the door came back to the shop. */
  returnedAt: nullish(string()),
  refunds: optional(array(refundSchema)),
  /** What the succeeded refunds gave back. */
  refundedAmount: optional(int()),
  /** What the customer paid so far, what is left to pay, what was paid beyond the total (docs/rules.md#corrections). */
  amountPaid: optional(int()),
  amountDue: optional(int()),
  overpaid: optional(int()),
  /** An unpaid pending Wave order, which may be paid at the door instead. */
  switchToCash: optional(boolean()),
  /** Its « Facture » can be had: paid, or delivered. */
  invoiceable: optional(boolean()),
  /**
   * The words of the click-to-chat buttons (one order only): the server renders them with the
   * messages' own templates, so WhatsApp says what the e-mail says (docs/messages.md).
   */
  chat: optional(object({ customer: string(), confirmation: nullish(string()) })),
})

export type AdminOrder = Infer<typeof adminOrderSchema>
export type Refund = Infer<typeof refundSchema>
export type HistoryEntry = Infer<typeof historyEntrySchema>
export type ConfirmationAttempt = Infer<typeof confirmationAttemptSchema>

export const adminOrderKeys = {
  all: ['admin', 'orders'] as const,
  list: (query: object) => ['admin', 'orders', 'list', query] as const,
  detail: (id: string) => ['admin', 'orders', 'detail', id] as const,
}
