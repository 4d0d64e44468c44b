import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '@/testing/server'
import { mockPaymentStatus, ORDER_ID, SESSION_ID, statusAnswer, storedPendingPayment, storePendingPayment } from '@/testing/payments'
import { checkPayment, interpretStatus, isFinalCheck } from './payment-status'

const MINUTE = 60_000

describe('interpretStatus', () => {
  it.each([
    ['paid', 'paid'], ['succeeded', 'paid'], ['success', 'paid'], ['completed', 'paid'], ['COMPLETED', 'paid'],
    ['pending', 'pending'], ['processing', 'pending'],
    ['cancelled', 'cancelled'], ['failed', 'cancelled'], ['error', 'cancelled'],
    ['expired', 'expired'], ['not_found', 'not_found'], ['who-knows', 'unknown'],
  ])('%s → %s', (status, state) => {
    expect(interpretStatus(status)).toBe(state)
  })
})

describe('checkPayment: asks the server and reads its answer', () => {
  it('asks by session with refresh=true when the shopper is back from Wave', async () => {
    const calls = mockPaymentStatus(() => statusAnswer({ status: 'paid' }))
    const check = await checkPayment({ sessionId: SESSION_ID, refresh: true })
    expect(check.kind).toBe('paid')
    expect(calls.map((url) => url.pathname + url.search)).toEqual([`/api/payments/wave/status/${SESSION_ID}?refresh=true`])
  })

  it('asks by order when only the order is known (Wave adds nothing to the return address)', async () => {
    const calls = mockPaymentStatus(() => statusAnswer({ status: 'pending' }), { by: 'order' })
    const check = await checkPayment({ orderId: ORDER_ID })
    expect(check).toMatchObject({ kind: 'pending', status: { orderNumber: 'ORD-4128905123' } })
    expect(calls.map((url) => url.pathname + url.search)).toEqual([`/api/payments/wave/orders/${ORDER_ID}/status`])
  })

  it.each(['cancelled', 'expired'] as const)('%s is final and clears the pending record', async (status) => {
    storePendingPayment()
    mockPaymentStatus(() => statusAnswer({ status }))
    const check = await checkPayment({ sessionId: SESSION_ID })
    expect(check.kind).toBe(status)
    expect(isFinalCheck(check)).toBe(true)
    expect(storedPendingPayment()).toBeNull()
  })

  it('pending keeps the record, and is not final', async () => {
    storePendingPayment()
    mockPaymentStatus(() => statusAnswer({ status: 'pending' }))
    const check = await checkPayment({ sessionId: SESSION_ID })
    expect(isFinalCheck(check)).toBe(false)
    expect(storedPendingPayment()).not.toBeNull()
  })

  it("a 404 is 'Session de paiement non trouvée' and clears the record, even a recent one", async () => {
    const record = storePendingPayment()
    mockPaymentStatus(() => HttpResponse.json({ code: 'payment_session_not_found', message: 'Session de paiement non trouvée' }, { status: 404 }))
    expect(await checkPayment({ sessionId: SESSION_ID, record })).toEqual({ kind: 'not_found', message: 'Session de paiement non trouvée' })
    expect(storedPendingPayment()).toBeNull()
  })

  it('a 429 waits what Retry-After says, 30 s when it says nothing', async () => {
    mockPaymentStatus((n) =>
      HttpResponse.json({ code: 'payment_rate_limited', message: 'Le service de paiement Wave est très sollicité.' }, {
        status: 429,
        headers: n === 1 ? { 'Retry-After': '5' } : {},
      }),
    )
    expect(await checkPayment({ sessionId: SESSION_ID })).toMatchObject({ kind: 'rate_limited', retryAfterMs: 5_000 })
    expect(await checkPayment({ sessionId: SESSION_ID })).toMatchObject({ kind: 'rate_limited', retryAfterMs: 30_000 })
  })

  it("a network failure is unknown, with a French sentence; another refusal keeps the server's message", async () => {
    server.use(http.get('/api/payments/wave/status/:id', () => HttpResponse.error()))
    expect(await checkPayment({ sessionId: SESSION_ID })).toEqual({
      kind: 'unknown',
      message: 'Erreur réseau, impossible de vérifier le statut du paiement',
    })
    mockPaymentStatus(() => HttpResponse.json({ code: 'payment_provider_unavailable', message: 'Wave ne répond pas' }, { status: 502 }))
    expect(await checkPayment({ sessionId: SESSION_ID })).toEqual({ kind: 'error', message: 'Wave ne répond pas', httpStatus: 502 })
  })

  it('a failed check of a payment younger than 5 minutes counts as pending; an older one does not', async () => {
    server.use(http.get('/api/payments/wave/status/:id', () => HttpResponse.error()))
    const now = 50 * MINUTE
    const recent = storePendingPayment({ timestamp: now - 4 * MINUTE })
    expect(await checkPayment({ sessionId: SESSION_ID, record: recent, now: () => now })).toMatchObject({ kind: 'pending' })
    const older = storePendingPayment({ timestamp: now - 5 * MINUTE })
    expect(await checkPayment({ sessionId: SESSION_ID, record: older, now: () => now })).toMatchObject({ kind: 'unknown' })
    expect(storedPendingPayment()).not.toBeNull()
  })
})
