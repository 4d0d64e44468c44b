// Addresses of the result pages and the parameters they read.

type Params = Record<string, string | null | undefined>

function withQuery(path: string, params: Params): string {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value)
  const search = query.toString()
  return search ? `${path}?${search}` : path
}

export interface SuccessParams {
  orderId: string
  sessionId?: string | null
  /** How the shopper got here, when not straight from Wave. */
  source?: 'mobile-redirect' | null
  device?: string | null
  /** The recovery watcher found the payment done. */
  recovered?: boolean
  /** The error page found the payment done after all. */
  corrected?: boolean
  /** The error page could not check, but the return said success: verify without assuming anything. */
  trusted?: boolean
}

export function paymentSuccessPath(params: SuccessParams): string {
  return withQuery('/payment-success', {
    orderId: params.orderId,
    sessionId: params.sessionId,
    source: params.source,
    device: params.device,
    recovered: params.recovered ? 'true' : null,
    corrected: params.corrected ? 'true' : null,
    trusted: params.trusted ? 'true' : null,
  })
}

export interface ErrorParams {
  orderId?: string | null
  sessionId?: string | null
  errorCode: string
  errorMessage?: string | null
}

export function paymentErrorPath(params: ErrorParams): string {
  return withQuery('/payment-error', {
    orderId: params.orderId,
    sessionId: params.sessionId,
    errorCode: params.errorCode,
    errorMessage: params.errorMessage,
  })
}
