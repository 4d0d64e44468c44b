import { describe, expect, it } from 'vitest'
import { storedPendingPayment, storePendingPayment } from '@/testing/payments'
import {
  clearPendingPaymentOf,
  clearPendingPaymentOlderThan,
  PENDING_PAYMENT_KEY,
  pendingPaymentOf,
  readPendingPayment,
  savePendingPayment,
} from './pending-payment'

const RECORD = { orderId: 'o-1', sessionId: 'cos-1', timestamp: 1_700_000_000_000, amount: 12500 }

describe('pending payment record', () => {
  it('is kept in localStorage under pendingPayment with orderId, sessionId, timestamp and amount', () => {
    savePendingPayment(RECORD)
    expect(JSON.parse(localStorage.getItem('pendingPayment')!)).toEqual(RECORD)
    expect(readPendingPayment()).toEqual(RECORD)
    expect(pendingPaymentOf('o-1')).toEqual(RECORD)
    expect(pendingPaymentOf('o-2')).toBeNull()
  })

  it.each([
    ['not JSON', '{oops'],
    ['no session', JSON.stringify({ orderId: 'o-1', timestamp: 1, amount: 1 })],
    ['an empty order id', JSON.stringify({ ...RECORD, orderId: '' })],
    ['a text timestamp', JSON.stringify({ ...RECORD, timestamp: 'hier' })],
  ])('an unreadable record (%s) counts as none and is removed', (_, raw) => {
    localStorage.setItem(PENDING_PAYMENT_KEY, raw)
    expect(readPendingPayment()).toBeNull()
    expect(localStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull()
  })

  it('is cleared for its own session or order only', () => {
    savePendingPayment(RECORD)
    clearPendingPaymentOf({ sessionId: 'cos-other', orderId: 'o-other' })
    expect(readPendingPayment()).toEqual(RECORD)
    clearPendingPaymentOf({ sessionId: 'cos-1' })
    expect(readPendingPayment()).toBeNull()
    savePendingPayment(RECORD)
    clearPendingPaymentOf({ orderId: 'o-1' })
    expect(readPendingPayment()).toBeNull()
  })

  it('is removed when older than a limit, and kept at the limit', () => {
    const hour = 60 * 60_000
    storePendingPayment({ timestamp: 10_000_000 })
    expect(clearPendingPaymentOlderThan(hour, 10_000_000 + hour)).toBe(false)
    expect(storedPendingPayment()).not.toBeNull()
    expect(clearPendingPaymentOlderThan(hour, 10_000_000 + hour + 1)).toBe(true)
    expect(storedPendingPayment()).toBeNull()
    expect(clearPendingPaymentOlderThan(hour)).toBe(false)
  })
})
