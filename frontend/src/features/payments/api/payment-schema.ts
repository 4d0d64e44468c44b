// What the payment routes answer (crates/api/src/routes/payments.rs).
import { boolean, nullish, number, object, optional, string, type infer as Infer } from 'zod/mini'

/**
 * POST /api/payments/wave/init. Read leniently: a missing URL or id must give
 * the payment's own sentences (URL de paiement Wave non disponible, Données de
 * session Wave incomplètes), not a generic parse failure.
 */
export const openedSessionSchema = object({
  data: nullish(
    object({
      sessionId: nullish(string()),
      orderId: nullish(string()),
      checkoutUrl: nullish(string()),
      amount: nullish(number()),
      currency: nullish(string()),
      status: nullish(string()),
      expiresAt: nullish(string()),
      businessName: nullish(string()),
      isMock: nullish(boolean()),
    }),
  ),
})

/** A session ready to pay, once checked (payment-session.ts). */
export interface PaymentSession {
  sessionId: string
  orderId: string
  checkoutUrl: string
  amount: number
  currency: string
  expiresAt: string | null
  businessName: string | null
  isMock: boolean
}

/** GET /api/payments/wave/status/{sessionId} and …/orders/{orderId}/status, and the cancel's answer. */
export const paymentStatusSchema = object({
  sessionId: string(),
  orderId: string(),
  orderNumber: string(),
  /** paid, pending, cancelled, expired or not_found: the server's decision. */
  status: string(),
  orderStatus: string(),
  paidAt: nullish(string()),
  amount: number(),
  currency: optional(string()),
  checkoutUrl: optional(string()),
  expiresAt: optional(string()),
  isMock: optional(boolean()),
  lastError: nullish(object({ code: string(), message: string() })),
})

export type PaymentStatus = Infer<typeof paymentStatusSchema>

