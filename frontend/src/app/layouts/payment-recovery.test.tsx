// The recovery watcher in the shop layout: a pending Wave
// payment left in storage is checked with the server on the shop's pages.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import { forgetRecoveryMemory } from '@/features/payments/components/recovery-watcher'
import { waveBrowser } from '@/features/payments/wave-browser'
import {
  CHECKOUT_URL,
  fakeClock,
  mockPaymentStatus,
  ORDER_ID,
  SESSION_ID,
  statusAnswer,
  storedPendingPayment,
  storePendingPayment,
} from '@/testing/payments'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'
import { catalogueMissing, loggedInAs } from '@/testing/users'
import { frenchSpacing } from '@/lib/typography'

const MINUTE = 60_000
const location = () => screen.getByTestId('location').textContent
const toasts = () => within(screen.getByRole('status', { name: 'Notifications' }))

beforeAll(async () => {
  await Promise.all([import('@/features/payments/components/recovery-watcher'), import('../routes/home'), import('../routes/payment-pages')])
}, 30_000)
beforeEach(() => {
  sessionStore.clear()
  forgetRecoveryMemory()
  // Pages reached here read the catalogue: "nothing there".
  catalogueMissing()
})
afterEach(() => vi.restoreAllMocks())

describe('payment recovery watcher', () => {
  it("a payment the server finds paid: 'Un paiement réussi a été détecté!' and its confirmation (recovered)", async () => {
    loggedInAs()
    storePendingPayment({ timestamp: Date.now() - 10 * MINUTE })
    const calls = mockPaymentStatus(() => statusAnswer({ status: 'paid' }))
    renderApp('/products')
    expect(await screen.findByText('Un paiement réussi a été détecté!')).toBeVisible()
    await waitFor(() =>
      expect(location()).toBe(`/payment-success?orderId=${ORDER_ID}&sessionId=${SESSION_ID}&recovered=true`),
    )
    expect(await screen.findByRole('heading', { level: 1, name: frenchSpacing('Paiement réussi !') })).toBeVisible()
    expect(screen.getByText(/Nous avons retrouvé votre paiement Wave/)).toBeVisible()
    expect(storedPendingPayment()).toBeNull()
    // The watcher asked (without refresh), then the success page asked again, Wave being re-checked.
    expect(calls.map((url) => url.search)).toEqual(['', '?refresh=true'])
  })

  it('a payment still pending under 30 minutes: told once, on any page; no question away from home', async () => {
    loggedInAs()
    storePendingPayment({ timestamp: Date.now() - 20 * MINUTE })
    const calls = mockPaymentStatus(() => statusAnswer({ status: 'pending' }))
    const user = userEvent.setup()
    renderApp('/products')
    expect(await toasts().findByText('Vous avez un paiement en attente')).toBeVisible()
    await user.click(screen.getAllByRole('link', { name: 'Contact' })[0]!)
    await waitFor(() => expect(location()).toBe('/contact'))
    // The answer is reused across pages: asked once, told once.
    expect(calls).toHaveLength(1)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(storedPendingPayment()).not.toBeNull()
  })

  it('left Wave by « back » onto the empty cart: the toast’s « Reprendre le paiement » leads to the order’s page', async () => {
    loggedInAs()
    storePendingPayment({ timestamp: Date.now() - 2 * MINUTE })
    mockPaymentStatus(() => statusAnswer({ status: 'pending' }))
    const user = userEvent.setup()
    renderApp('/cart')
    await toasts().findByText('Vous avez un paiement en attente')
    await user.click(toasts().getByRole('button', { name: 'Reprendre le paiement' }))
    await waitFor(() => expect(location()).toBe(`/orders/${ORDER_ID}`))
    expect(toasts().queryByText('Vous avez un paiement en attente')).not.toBeInTheDocument()
    expect(storedPendingPayment()).not.toBeNull()
  })

  it('on the home page, 1 s later, offers to go back to the payment; yes opens Wave again', async () => {
    loggedInAs()
    const clock = fakeClock()
    storePendingPayment({ timestamp: Date.now() - 5 * MINUTE })
    mockPaymentStatus(() => statusAnswer({ status: 'pending' }))
    const open = vi.spyOn(waveBrowser, 'open').mockImplementation(() => {})
    renderApp('/')
    await clock.until(() => toasts().getByText('Vous avez un paiement en attente'))
    await clock.advance(999)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await clock.advance(1)
    const dialog = await clock.until(() => screen.getByRole('dialog', { name: 'Paiement en attente' }))
    expect(dialog).toHaveTextContent('Le paiement Wave de votre commande ORD-4128905123 n’est pas terminé. Voulez-vous retourner au paiement ?')
    within(dialog).getByRole('button', { name: 'Reprendre le paiement' }).click()
    await clock.until(() => expect(open).toHaveBeenCalledWith(CHECKOUT_URL))
  })

  it('Plus tard leaves the payment pending and is not asked again on this visit', async () => {
    loggedInAs()
    storePendingPayment({ timestamp: Date.now() - 5 * MINUTE })
    mockPaymentStatus(() => statusAnswer({ status: 'pending' }))
    const open = vi.spyOn(waveBrowser, 'open').mockImplementation(() => {})
    const user = userEvent.setup()
    renderApp('/')
    const dialog = await screen.findByRole('dialog', { name: 'Paiement en attente' })
    await user.click(within(dialog).getByRole('button', { name: 'Plus tard' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await user.click(screen.getAllByRole('link', { name: 'Contact' })[0]!)
    await user.click(screen.getAllByRole('link', { name: /Bitik Dakar/i })[0]!)
    await waitFor(() => expect(location()).toBe('/'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(open).not.toHaveBeenCalled()
    expect(storedPendingPayment()).not.toBeNull()
  })

  it('a payment pending for 30 minutes or more is forgotten, silently', async () => {
    loggedInAs()
    storePendingPayment({ timestamp: Date.now() - 30 * MINUTE })
    const calls = mockPaymentStatus(() => statusAnswer({ status: 'pending' }))
    renderApp('/products')
    await waitFor(() => expect(storedPendingPayment()).toBeNull())
    expect(calls).toHaveLength(1)
    expect(screen.queryByText('Vous avez un paiement en attente')).not.toBeInTheDocument()
  })

  it('a record older than 2 hours is discarded without asking the server', async () => {
    loggedInAs()
    storePendingPayment({ timestamp: Date.now() - 121 * MINUTE })
    // Any status request would fail the test (unhandled by msw).
    renderApp('/products')
    await waitFor(() => expect(storedPendingPayment()).toBeNull())
  })

  it.each([
    [404, 'payment_session_not_found', null],
    [400, 'invalid_order_id', null],
  ])('a %i clears the record', async (status, code) => {
    loggedInAs()
    storePendingPayment({ timestamp: Date.now() - 10 * MINUTE })
    mockPaymentStatus(() => HttpResponse.json({ code, message: 'Refusé' }, { status }))
    renderApp('/products')
    await waitFor(() => expect(storedPendingPayment()).toBeNull())
  })

  it('other failures are only noted: the record stays', async () => {
    loggedInAs()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    storePendingPayment({ timestamp: Date.now() - 10 * MINUTE })
    const calls = mockPaymentStatus(() => HttpResponse.json({ code: 'payment_provider_unavailable', message: 'Wave ne répond pas' }, { status: 502 }))
    renderApp('/products')
    await waitFor(() => expect(warn).toHaveBeenCalled())
    expect(calls).toHaveLength(1)
    expect(storedPendingPayment()).not.toBeNull()
    expect(screen.queryByText('Vous avez un paiement en attente')).not.toBeInTheDocument()
  })

  it.each(['/checkout', '/payment-error?errorCode=timeout', '/mobile-redirect'])('stays quiet on %s', async (path) => {
    loggedInAs()
    server.use(http.get('/api/users/addresses', () => HttpResponse.json({ data: [] })))
    storePendingPayment({ timestamp: Date.now() - 10 * MINUTE })
    let asked = 0
    server.use(
      http.get('/api/payments/wave/status/:id', () => {
        asked += 1
        return statusAnswer({ status: 'paid' })
      }),
    )
    renderApp(path)
    await screen.findByRole('heading', { level: 1 })
    expect(asked).toBe(0)
    expect(screen.queryByText('Un paiement réussi a été détecté!')).not.toBeInTheDocument()
  })

  it('a visitor without a session is not asked about (the status is told to the customer only)', async () => {
    storePendingPayment({ timestamp: Date.now() - 10 * MINUTE })
    renderApp('/products')
    await screen.findByRole('heading', { level: 1 })
    expect(storedPendingPayment()).not.toBeNull()
  })
})
