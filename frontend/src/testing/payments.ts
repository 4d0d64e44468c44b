// Wave payment answers for component tests (crates/api/src/routes/payments.rs
// PaymentSessionDto and PaymentStatusDto), and a fake of the payment routes.
import { act } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { vi } from 'vitest'
import type { PaymentStatus } from '@/features/payments/api/payment-schema'
import { PENDING_PAYMENT_KEY, type PendingPayment } from '@/features/payments/pending-payment'
import { server } from './server'

export const ORDER_ID = '7d1c2b9e-3f4a-4c5d-8e9f-0a1b2c3d4e5f'
export const SESSION_ID = 'cos-18qq25rgr100a'
export const CHECKOUT_URL = `http://localhost/api/payments/wave/simulator/${SESSION_ID}`

export function makeSession(overrides: Record<string, unknown> = {}) {
  return {
    sessionId: SESSION_ID,
    orderId: ORDER_ID,
    checkoutUrl: CHECKOUT_URL,
    amount: 24000,
    currency: 'XOF',
    status: 'pending',
    expiresAt: '2025-03-05T10:30:00Z',
    businessName: 'Bitik Dakar',
    isMock: true,
    ...overrides,
  }
}

export function makePaymentStatus(overrides: Partial<PaymentStatus> = {}): PaymentStatus {
  const paid = overrides.status === 'paid'
  return {
    sessionId: SESSION_ID,
    orderId: ORDER_ID,
    orderNumber: 'ORD-4128905123',
    status: 'pending',
    orderStatus: paid ? 'processing' : 'pending',
    paidAt: paid ? '2025-03-05T10:12:00Z' : null,
    amount: 24000,
    currency: 'XOF',
    checkoutUrl: CHECKOUT_URL,
    expiresAt: '2025-03-05T10:30:00Z',
    isMock: true,
    lastError: null,
    ...overrides,
  }
}

export function storePendingPayment(overrides: Partial<PendingPayment> = {}): PendingPayment {
  const record = { orderId: ORDER_ID, sessionId: SESSION_ID, timestamp: Date.now(), amount: 24000, ...overrides }
  localStorage.setItem(PENDING_PAYMENT_KEY, JSON.stringify(record))
  return record
}

export function storedPendingPayment(): unknown {
  const raw = localStorage.getItem(PENDING_PAYMENT_KEY)
  return raw === null ? null : JSON.parse(raw)
}

type Answer = (n: number, url: URL) => Response

/** A status route (by session, or by order) answering `answer(n)` for its n-th call; records the addresses asked. */
export function mockPaymentStatus(answer: Answer, { by = 'session' }: { by?: 'session' | 'order' } = {}) {
  const calls: URL[] = []
  const path = by === 'session' ? '/api/payments/wave/status/:sessionId' : '/api/payments/wave/orders/:orderId/status'
  server.use(
    http.get(path, ({ request }) => {
      const url = new URL(request.url)
      calls.push(url)
      return answer(calls.length, url)
    }),
  )
  return calls
}

export const statusAnswer = (overrides: Partial<PaymentStatus> = {}) => HttpResponse.json({ data: makePaymentStatus(overrides) })

/** POST /api/payments/wave/init answering `answer(n)`; records the bodies. */
export function mockPaymentInit(answer: (n: number) => Response) {
  const calls: unknown[] = []
  server.use(
    http.post('/api/payments/wave/init', async ({ request }) => {
      calls.push(await request.json())
      return answer(calls.length)
    }),
  )
  return calls
}

/** POST /api/payments/wave/cancel/{sessionId}; records the session ids. */
export function mockPaymentCancel(answer: () => Response = () => statusAnswer({ status: 'cancelled' })) {
  const calls: string[] = []
  server.use(
    http.post('/api/payments/wave/cancel/:sessionId', ({ params }) => {
      calls.push(String(params.sessionId))
      return answer()
    }),
  )
  return calls
}

/**
 * A clock the test moves: timeouts and Date only, so that React and msw keep
 * running while time stands still. Testing Library's findBy/waitFor wait on a
 * timeout of their own, so with this clock a test uses `until` instead.
 */
export function fakeClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  // Lets answers, effects and the promises they start run, without moving the clock.
  const tick = () =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(0)
      await new Promise((resolve) => setImmediate(resolve))
    })
  return {
    /** Moves the clock, running what falls due and what that starts. */
    async advance(ms: number) {
      await act(() => vi.advanceTimersByTimeAsync(ms))
      for (let i = 0; i < 5; i++) await tick()
    },
    /** `check()`'s value once it stops throwing, the clock standing still. */
    async until<T>(check: () => T): Promise<T> {
      let failure: unknown
      for (let i = 0; i < 100; i++) {
        try {
          return check()
        } catch (error) {
          failure = error
          await tick()
        }
      }
      throw failure
    },
  }
}
