// The pending payment record: which Wave session of which order
// the shopper left for, kept in localStorage so that the result pages and the
// recovery watcher can ask the server about it after Wave sends the shopper
// back (or after they close the tab). It proves nothing: only the server's
// answer says whether the order is paid.
//
// This module is in every shopper's first load (the recovery watcher reads
// it): it stays dependency-free.

export const PENDING_PAYMENT_KEY = 'pendingPayment'

export interface PendingPayment {
  orderId: string
  sessionId: string
  /** When the session was opened (ms since the epoch). */
  timestamp: number
  /** FCFA, as the server priced the order. */
  amount: number
}

function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

function isPendingPayment(value: unknown): value is PendingPayment {
  if (!value || typeof value !== 'object') return false
  const record = value as Record<string, unknown>
  return (
    typeof record.orderId === 'string' &&
    record.orderId !== '' &&
    typeof record.sessionId === 'string' &&
    record.sessionId !== '' &&
    typeof record.timestamp === 'number' &&
    Number.isFinite(record.timestamp) &&
    typeof record.amount === 'number' &&
    Number.isFinite(record.amount)
  )
}

/** The stored record; anything unreadable is removed and counts as none. */
export function readPendingPayment(): PendingPayment | null {
  const raw = storage()?.getItem(PENDING_PAYMENT_KEY)
  if (!raw) return null
  try {
    const value: unknown = JSON.parse(raw)
    if (isPendingPayment(value)) return value
  } catch {
    // Not JSON: dropped below.
  }
  clearPendingPayment()
  return null
}

export function savePendingPayment(record: PendingPayment): void {
  try {
    storage()?.setItem(PENDING_PAYMENT_KEY, JSON.stringify(record))
  } catch {
    // Full or blocked storage: the result page can still ask the server by order.
  }
}

export function clearPendingPayment(): void {
  storage()?.removeItem(PENDING_PAYMENT_KEY)
}

/** Clears the record only if it is this session's (another payment may have started since). */
export function clearPendingPaymentOf(match: { orderId?: string | null; sessionId?: string | null }): void {
  const record = readPendingPayment()
  if (!record) return
  if ((match.sessionId && record.sessionId === match.sessionId) || (match.orderId && record.orderId === match.orderId)) {
    clearPendingPayment()
  }
}

export function pendingAge(record: PendingPayment, now = Date.now()): number {
  return now - record.timestamp
}

/** The record of this order, if the stored one is. */
export function pendingPaymentOf(orderId: string): PendingPayment | null {
  const record = readPendingPayment()
  return record && record.orderId === orderId ? record : null
}

/** A record older than `maxAgeMs` is removed; true when one was. */
export function clearPendingPaymentOlderThan(maxAgeMs: number, now = Date.now()): boolean {
  const record = readPendingPayment()
  if (!record || pendingAge(record, now) <= maxAgeMs) return false
  clearPendingPayment()
  return true
}
