import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  CHECKOUT_URL,
  fakeClock,
  makeSession,
  mockPaymentCancel,
  mockPaymentInit,
  mockPaymentStatus,
  ORDER_ID,
  SESSION_ID,
  statusAnswer,
  storedPendingPayment,
} from '@/testing/payments'
import { renderWithProviders } from '@/testing/render'
import { waveBrowser } from '../wave-browser'
import WavePayment from './wave-payment'

const ORDER = { id: ORDER_ID, orderNumber: 'ORD-4128905123', total: 24000 }
const INIT_FAILED = "Erreur lors de l'initialisation du paiement. Veuillez réessayer."
const location = () => screen.getByTestId('location').textContent
const toasts = () => within(screen.getByRole('status', { name: 'Notifications' }))

let open: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  open = vi.spyOn(waveBrowser, 'open').mockImplementation(() => {})
})
afterEach(() => {
  vi.restoreAllMocks()
  Reflect.deleteProperty(navigator, 'clipboard')
})

function renderPayment() {
  return renderWithProviders(<WavePayment order={ORDER} />, { route: '/checkout' })
}

describe('Wave payment of a placed order', () => {
  it('opens the session, remembers it, says test mode, and goes to Wave 0.5 s later', async () => {
    const clock = fakeClock()
    const now = Date.now()
    const init = mockPaymentInit(() => HttpResponse.json({ data: makeSession() }))
    renderPayment()
    expect(screen.getByRole('heading', { level: 1, name: 'Paiement Wave' })).toBeVisible()
    expect(await clock.until(() => screen.getByText('Redirection vers la page de paiement Wave…'))).toBeVisible()
    expect(init).toEqual([{ orderId: ORDER_ID }])
    expect(storedPendingPayment()).toEqual({ orderId: ORDER_ID, sessionId: SESSION_ID, timestamp: now, amount: 24000 })
    expect(toasts().getByText('Mode de test activé : le paiement est simulé.')).toBeVisible()
    expect(screen.getByRole('note')).toHaveTextContent('Mode de test activé : le paiement est simulé.')
    expect(screen.getByTestId('wave-order-number')).toHaveTextContent('ORD-4128905123')
    expect(screen.getByTestId('wave-amount')).toHaveTextContent('24 000 FCFA')
    expect(screen.getByText('Bitik Dakar')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Payer avec Wave' })).toHaveAttribute('href', CHECKOUT_URL)

    await clock.advance(499)
    expect(open).not.toHaveBeenCalled()
    await clock.advance(1)
    expect(open).toHaveBeenCalledWith(CHECKOUT_URL)
  })

  it('a real session says nothing about test mode', async () => {
    mockPaymentInit(() => HttpResponse.json({ data: makeSession({ isMock: false }) }))
    renderPayment()
    await screen.findByText('Redirection vers la page de paiement Wave…')
    expect(screen.queryByText('Mode de test activé : le paiement est simulé.')).not.toBeInTheDocument()
  })

  it('tries 3 times, 2 s apart, then says so; Réessayer starts again', async () => {
    const clock = fakeClock()
    const init = mockPaymentInit((n) =>
      n <= 3
        ? HttpResponse.json({ code: 'payment_init_failed', message: INIT_FAILED }, { status: 502 })
        : HttpResponse.json({ data: makeSession() }),
    )
    renderPayment()
    await clock.until(() => screen.getByText('Initialisation du paiement…'))
    await clock.until(() => expect(init).toHaveLength(1))
    await clock.advance(2_000)
    expect(await clock.until(() => screen.getByText('Initialisation du paiement… (essai 2 sur 3)'))).toBeVisible()
    await clock.advance(2_000)
    expect(init).toHaveLength(3)
    expect(await clock.until(() => screen.getByRole('alert'))).toHaveTextContent(INIT_FAILED)
    expect(toasts().getByText(INIT_FAILED)).toBeVisible()
    expect(storedPendingPayment()).toBeNull()
    expect(screen.getByRole('link', { name: 'Voir ma commande' })).toHaveAttribute('href', `/orders/${ORDER_ID}`)

    // Testing Library's async helpers wait on a timeout, which this clock holds: a plain click.
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer le paiement' }))
    expect(await clock.until(() => screen.getByText('Redirection vers la page de paiement Wave…'))).toBeVisible()
    expect(init).toHaveLength(4)
  })

  it('a session that comes back without its URL is cancelled after the last try', async () => {
    const clock = fakeClock()
    mockPaymentInit(() => HttpResponse.json({ data: makeSession({ checkoutUrl: null }) }))
    const cancelled = mockPaymentCancel()
    renderPayment()
    await clock.advance(4_000)
    expect(await clock.until(() => screen.getByRole('alert'))).toHaveTextContent(INIT_FAILED)
    await clock.until(() => expect(cancelled).toEqual([SESSION_ID]))
  })

  it("a refusal that retrying cannot change keeps the server's message, and is not tried again", async () => {
    const message = 'Votre session de paiement a expiré. Veuillez réessayer.'
    const init = mockPaymentInit(() => HttpResponse.json({ code: 'session_expired', message }, { status: 409 }))
    renderPayment()
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(init).toHaveLength(1)
  })

  it('an order paid meanwhile goes to the success page, which asks the server', async () => {
    mockPaymentInit(() => HttpResponse.json({ code: 'already_paid', message: 'Cette commande est déjà payée.' }, { status: 409 }))
    renderPayment()
    await vi.waitFor(() => expect(location()).toBe(`/payment-success?orderId=${ORDER_ID}`))
  })

  it('inside Instagram, says to open the link in the real browser and copies it; Wave is not opened', async () => {
    const clock = fakeClock()
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Linux; Android 13; SM-A145F; wv) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36 Instagram 329.0.0.41.93 Android',
    )
    const writeText = vi.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    mockPaymentInit(() => HttpResponse.json({ data: makeSession() }))
    renderPayment()
    const notice = await clock.until(() => screen.getByRole('alert'))
    expect(notice).toHaveTextContent('Vous êtes dans le navigateur de l’application Instagram.')
    expect(within(notice).getByRole('textbox', { name: 'Lien de paiement' })).toHaveValue(CHECKOUT_URL)
    fireEvent.click(within(notice).getByRole('button', { name: 'Copier le lien de paiement' }))
    expect(writeText).toHaveBeenCalledWith(CHECKOUT_URL)
    await clock.until(() => toasts().getByText('Lien copié. Collez-le dans votre navigateur pour payer.'))
    await clock.advance(5_000 - 1)
    expect(open).not.toHaveBeenCalled()
  })

  it('while the shopper is still here, asks the server at 5 s, 10 s, 20 s… and goes to the success page once paid', async () => {
    const clock = fakeClock()
    mockPaymentInit(() => HttpResponse.json({ data: makeSession() }))
    const status = mockPaymentStatus((n) => statusAnswer({ status: n < 3 ? 'pending' : 'paid' }))
    renderPayment()
    await clock.until(() => screen.getByText('Redirection vers la page de paiement Wave…'))
    await clock.advance(4_999)
    expect(status).toHaveLength(0)
    await clock.advance(1)
    await clock.until(() => expect(status).toHaveLength(1))
    await clock.advance(10_000)
    await clock.until(() => expect(status).toHaveLength(2))
    await clock.advance(20_000)
    await clock.until(() => expect(location()).toBe(`/payment-success?orderId=${ORDER_ID}&sessionId=${SESSION_ID}`))
    expect(status).toHaveLength(3)
  })

  it('Annuler le paiement expires the session: the order stays, unpaid, and can be paid again', async () => {
    mockPaymentInit(() => HttpResponse.json({ data: makeSession() }))
    const cancelled = mockPaymentCancel()
    const user = userEvent.setup()
    renderPayment()
    await screen.findByText('Redirection vers la page de paiement Wave…')
    await user.click(screen.getByRole('button', { name: 'Annuler le paiement' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Le paiement a été annulé.')
    expect(cancelled).toEqual([SESSION_ID])
    expect(storedPendingPayment()).toBeNull()
    expect(screen.getByRole('button', { name: 'Réessayer le paiement' })).toBeVisible()
  })

  it('after 30 minutes here, gives the session up with a warning', async () => {
    const clock = fakeClock()
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 [FBAN/FBIOS;FBAV/450.0.0.38.108;]')
    mockPaymentInit(() => HttpResponse.json({ data: makeSession() }))
    mockPaymentStatus(() => statusAnswer({ status: 'pending' }))
    const cancelled = mockPaymentCancel()
    renderPayment()
    await clock.until(() => screen.getByText(/navigateur de l’application Facebook/))
    await clock.advance(30 * 60_000 - 1)
    expect(cancelled).toEqual([])
    expect(storedPendingPayment()).not.toBeNull()
    await clock.advance(1)
    expect(await clock.until(() => screen.getByText('Votre session de paiement a expiré. Veuillez réessayer.', { selector: '[role="alert"]' }))).toBeVisible()
    expect(toasts().getByText('Votre session de paiement a expiré. Veuillez réessayer.')).toBeVisible()
    await clock.until(() => expect(cancelled).toEqual([SESSION_ID]))
    expect(storedPendingPayment()).toBeNull()
  })
})
