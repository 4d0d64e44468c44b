import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { server } from '@/testing/server'
import { makeSession, mockPaymentInit, ORDER_ID, SESSION_ID } from '@/testing/payments'
import { settle } from '@/testing/settle'
import type { PaymentCheck } from './payment-status'
import { InitFailure, initWithRetries, pollDelay, verifyPayment } from './retry'

const failure = (status: number, code = 'payment_init_failed', message = "Erreur lors de l'initialisation du paiement. Veuillez réessayer.") =>
  HttpResponse.json({ code, message }, { status })

describe('initWithRetries: 3 tries, 2 s apart', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }))
  afterEach(() => vi.useRealTimers())

  it('tries again 2 s after a failure and returns the session', async () => {
    vi.useFakeTimers()
    const session = { ...makeSession(), expiresAt: null, businessName: null } as never
    const at: number[] = []
    const start = Date.now()
    const attempts: number[] = []
    const init = vi.fn(async () => {
      at.push(Date.now() - start)
      if (at.length < 3) throw new ApiError(502, 'payment_init_failed', 'Wave indisponible')
      return session
    })
    const outcome = settle(initWithRetries(ORDER_ID, { init, onAttempt: (n) => attempts.push(n) }))
    await vi.advanceTimersByTimeAsync(1_999)
    expect(at).toEqual([0])
    await vi.advanceTimersByTimeAsync(2_001)
    expect(outcome.value).toBe(session)
    expect(at).toEqual([0, 2_000, 4_000])
    expect(attempts).toEqual([1, 2, 3])
    expect(init).toHaveBeenCalledWith(ORDER_ID, undefined)
  })

  it('sends the order id and reads the session the server opened', async () => {
    const calls = mockPaymentInit(() => HttpResponse.json({ data: makeSession() }))
    expect(await initWithRetries(ORDER_ID)).toEqual({
      sessionId: SESSION_ID,
      orderId: ORDER_ID,
      checkoutUrl: makeSession().checkoutUrl,
      amount: 24000,
      currency: 'XOF',
      expiresAt: '2025-03-05T10:30:00Z',
      businessName: 'Bitik Dakar',
      isMock: true,
    })
    expect(calls).toEqual([{ orderId: ORDER_ID }])
  })

  it("after 3 failures, says so in French", async () => {
    const calls = mockPaymentInit(() => failure(503, 'unavailable', 'Service indisponible'))
    const outcome = settle(initWithRetries(ORDER_ID))
    await vi.advanceTimersByTimeAsync(4_000)
    await vi.waitFor(() => expect(outcome.done).toBe(true))
    expect(calls).toHaveLength(3)
    expect(outcome.error).toBeInstanceOf(InitFailure)
    expect((outcome.error as InitFailure).message).toBe("Erreur lors de l'initialisation du paiement. Veuillez réessayer.")
    expect((outcome.error as InitFailure).code).toBe('init_failed')
  })

  it('a network failure is tried again too', async () => {
    let n = 0
    server.use(
      http.post('/api/payments/wave/init', () => (++n === 1 ? HttpResponse.error() : HttpResponse.json({ data: makeSession() }))),
    )
    const outcome = settle(initWithRetries(ORDER_ID))
    await vi.advanceTimersByTimeAsync(2_000)
    await vi.waitFor(() => expect(outcome.done).toBe(true))
    expect(outcome.value).toMatchObject({ sessionId: SESSION_ID })
    expect(n).toBe(2)
  })

  it.each([
    [409, 'already_paid', 'Cette commande est déjà payée.'],
    [409, 'payment_session_expired', 'Votre session de paiement a expiré. Veuillez réessayer.'],
    [404, 'order_not_found', 'Commande introuvable'],
  ])('a %i %s is final: not tried again, its message kept', async (status, code, message) => {
    const calls = mockPaymentInit(() => failure(status, code, message))
    const error = (await initWithRetries(ORDER_ID).catch((e) => e)) as InitFailure
    expect([error.code, error.message]).toEqual([code, message])
    expect(calls).toHaveLength(1)
  })

  it.each([
    [{ data: null }, 'Réponse vide du service de paiement', null],
    [{ data: makeSession({ checkoutUrl: '' }) }, 'URL de paiement Wave non disponible', SESSION_ID],
    [{ data: makeSession({ sessionId: undefined }) }, 'Données de session Wave incomplètes', null],
  ])('an unusable answer (%j) is tried again, then ends with the init sentence and the session to cancel', async (body, reason, broken) => {
    const calls = mockPaymentInit(() => HttpResponse.json(body))
    const seen: unknown[] = []
    const outcome = settle(
      initWithRetries(ORDER_ID, {
        init: async (orderId, signal) => {
          const { initWavePayment } = await import('./api/init-payment')
          return initWavePayment(orderId, signal).catch((error: unknown) => {
            seen.push((error as Error).message)
            throw error
          })
        },
      }),
    )
    await vi.advanceTimersByTimeAsync(4_000)
    await vi.waitFor(() => expect(outcome.done).toBe(true))
    expect(calls).toHaveLength(3)
    expect(seen).toEqual([reason, reason, reason])
    expect((outcome.error as InitFailure).message).toBe("Erreur lors de l'initialisation du paiement. Veuillez réessayer.")
    expect((outcome.error as InitFailure).sessionId).toBe(broken)
  })

  it('without an order id, asks nothing', async () => {
    const calls = mockPaymentInit(() => HttpResponse.json({ data: makeSession() }))
    const error = (await initWithRetries('').catch((e) => e)) as InitFailure
    expect(error.message).toBe('Erreur: ID de commande manquant pour le paiement')
    expect(calls).toEqual([])
  })

  it('a dead login is left to the API client (no retry)', async () => {
    const init = vi.fn(() => Promise.reject(new ApiError(401, 'session_expired', 'Session expirée')))
    const error = (await initWithRetries(ORDER_ID, { init }).catch((e) => e)) as InitFailure
    expect(error.code).toBe('session_expired_login')
    expect(init).toHaveBeenCalledTimes(1)
  })
})

describe('verifyPayment: 5 tries, 2 s apart', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  const pending: PaymentCheck = { kind: 'pending' }
  const paid = { kind: 'paid', status: {} } as PaymentCheck

  it('asks 5 times, 2 s apart, and returns the last answer when none settles it', async () => {
    const at: number[] = []
    const start = Date.now()
    const check = vi.fn(async () => {
      at.push(Date.now() - start)
      return pending
    })
    const outcome = settle(verifyPayment(check))
    await vi.advanceTimersByTimeAsync(10_000)
    expect(outcome.done).toBe(true)
    expect(outcome.value).toEqual(pending)
    expect(at).toEqual([0, 2_000, 4_000, 6_000, 8_000])
  })

  it('stops at the first settled answer', async () => {
    const check = vi.fn(async (attempt: number) => (attempt === 2 ? paid : pending))
    const outcome = settle(verifyPayment(check))
    await vi.advanceTimersByTimeAsync(10_000)
    expect(outcome.value).toBe(paid)
    expect(check).toHaveBeenCalledTimes(2)
    const cancelled = vi.fn(async () => ({ kind: 'cancelled', status: {} }) as PaymentCheck)
    await verifyPayment(cancelled)
    expect(cancelled).toHaveBeenCalledTimes(1)
  })

  it('a 429 waits as long as the server asked before the next try', async () => {
    const at: number[] = []
    const start = Date.now()
    const check = vi.fn(async (attempt: number): Promise<PaymentCheck> => {
      at.push(Date.now() - start)
      return attempt === 1 ? { kind: 'rate_limited', retryAfterMs: 7_000, message: '' } : paid
    })
    const outcome = settle(verifyPayment(check))
    await vi.advanceTimersByTimeAsync(7_000)
    expect(outcome.value).toBe(paid)
    expect(at).toEqual([0, 7_000])
  })

  it('an abort stops the waiting', async () => {
    const controller = new AbortController()
    const check = vi.fn(async () => pending)
    const outcome = settle(verifyPayment(check, { signal: controller.signal }))
    await vi.advanceTimersByTimeAsync(1_000)
    controller.abort()
    await vi.advanceTimersByTimeAsync(10_000)
    expect((outcome.error as DOMException).name).toBe('AbortError')
    expect(check).toHaveBeenCalledTimes(1)
  })
})

describe('pollDelay', () => {
  it('waits 5 s, doubled each time, at most 30 s', () => {
    expect([1, 2, 3, 4, 5, 10].map(pollDelay)).toEqual([5_000, 10_000, 20_000, 30_000, 30_000, 30_000])
  })
})
