// Wave's return pages in the whole app: what each
// parameter does, what the server is asked, and where each answer leads.
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import { waveBrowser } from '@/features/payments/wave-browser'
import {
  CHECKOUT_URL,
  fakeClock,
  makeSession,
  mockPaymentInit,
  mockPaymentStatus,
  ORDER_ID,
  SESSION_ID,
  statusAnswer,
  storedPendingPayment,
  storePendingPayment,
} from '@/testing/payments'
import { renderApp } from '@/testing/render'
import { catalogueMissing, loggedInAs } from '@/testing/users'
import { frenchSpacing } from '@/lib/typography'

const location = () => screen.getByTestId('location').textContent
const toasts = () => within(screen.getByRole('status', { name: 'Notifications' }))
const NOT_CONFIRMED =
  'Impossible de confirmer le paiement dans notre système. Si vous avez été débité, contactez notre service client.'
const unavailable = () => HttpResponse.json({ code: 'payment_provider_unavailable', message: 'Wave ne répond pas' }, { status: 502 })

// The pages' chunk and the home page are transformed once, before any clock or toast runs.
beforeAll(async () => {
  await Promise.all([import('./payment-pages'), import('./home')])
}, 30_000)
beforeEach(() => {
  sessionStore.clear()
})
afterEach(() => vi.restoreAllMocks())

describe('/payment-success', () => {
  it("without orderId: the shop's message, then a warning and home", async () => {
    catalogueMissing()
    renderApp('/payment-success?sessionId=cos-x')
    expect(await screen.findByText('Accès non autorisé à la page de confirmation')).toBeVisible()
    await waitFor(() => expect(location()).toBe('/'))
  })

  it('a visitor without a session is asked to log in, and nothing is asked about the payment', async () => {
    renderApp(`/payment-success?orderId=${ORDER_ID}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Connectez-vous pour continuer' })).toBeVisible()
    const user = userEvent.setup()
    await user.click(screen.getByRole('link', { name: 'Se connecter' }))
    await waitFor(() => expect(location()).toBe('/login'))
  })

  it('shows the order number, date and total once the server says paid, and forgets the pending payment', async () => {
    loggedInAs()
    storePendingPayment()
    const calls = mockPaymentStatus(() => statusAnswer({ status: 'paid' }))
    renderApp(`/payment-success?orderId=${ORDER_ID}&sessionId=${SESSION_ID}`)
    expect(await screen.findByRole('heading', { level: 1, name: frenchSpacing('Paiement réussi !') })).toBeVisible()
    expect(screen.getByTestId('payment-order-number')).toHaveTextContent('ORD-4128905123')
    expect(screen.getByTestId('payment-date')).toHaveTextContent('5 mars 2025 à 10:12')
    expect(screen.getByTestId('payment-total')).toHaveTextContent('24 000 FCFA')
    expect(calls.map((url) => url.pathname + url.search)).toEqual([`/api/payments/wave/status/${SESSION_ID}?refresh=true`])
    expect(storedPendingPayment()).toBeNull()
    expect(screen.getByRole('link', { name: 'Voir mes commandes' })).toHaveAttribute('href', '/orders')
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/')
    expect(screen.getByRole('link', { name: 'Nous contacter' })).toHaveAttribute('href', '/contact')
  })

  it("with orderId only, asks about the stored pending payment's session", async () => {
    loggedInAs()
    storePendingPayment({ sessionId: 'cos-stored' })
    const calls = mockPaymentStatus(() => statusAnswer({ status: 'paid', sessionId: 'cos-stored' }))
    renderApp(`/payment-success?orderId=${ORDER_ID}`)
    await screen.findByRole('heading', { level: 1, name: frenchSpacing('Paiement réussi !') })
    expect(calls.map((url) => url.pathname)).toEqual(['/api/payments/wave/status/cos-stored'])
    expect(storedPendingPayment()).toBeNull()
  })

  it('with orderId only and no pending payment here (another browser), asks by order', async () => {
    loggedInAs()
    const calls = mockPaymentStatus(() => statusAnswer({ status: 'paid' }), { by: 'order' })
    renderApp(`/payment-success?orderId=${ORDER_ID}`)
    await screen.findByRole('heading', { level: 1, name: frenchSpacing('Paiement réussi !') })
    expect(calls.map((url) => url.pathname)).toEqual([`/api/payments/wave/orders/${ORDER_ID}/status`])
  })

  it('not paid after 5 checks 2 s apart: says it is still checking, checks once more 3 s later, then the error page', async () => {
    loggedInAs()
    const clock = fakeClock()
    const calls = mockPaymentStatus(() => statusAnswer({ status: 'pending' }))
    renderApp(`/payment-success?orderId=${ORDER_ID}&sessionId=${SESSION_ID}`)
    await clock.until(() => expect(calls).toHaveLength(1))
    for (const n of [2, 3, 4, 5]) {
      await clock.advance(1_999)
      expect(calls).toHaveLength(n - 1)
      await clock.advance(1)
      await clock.until(() => expect(calls).toHaveLength(n))
    }
    await clock.until(() => toasts().getByText('Vérification du paiement en cours...'))
    expect(screen.queryByRole('heading', { name: frenchSpacing('Paiement réussi !') })).not.toBeInTheDocument()
    await clock.advance(2_999)
    expect(calls).toHaveLength(5)
    await clock.advance(1)
    await clock.until(() =>
      expect(location()).toBe(`/payment-error?orderId=${ORDER_ID}&sessionId=${SESSION_ID}&errorCode=payment_not_confirmed`),
    )
    expect(await clock.until(() => screen.getByTestId('payment-error-message'))).toHaveTextContent(NOT_CONFIRMED)
    // The error page asked once more itself before saying so.
    expect(calls).toHaveLength(7)
  })

  it('paid at the check 3 s later: the confirmation', async () => {
    loggedInAs()
    const clock = fakeClock()
    const calls = mockPaymentStatus((n) => statusAnswer({ status: n <= 5 ? 'pending' : 'paid' }))
    renderApp(`/payment-success?orderId=${ORDER_ID}&sessionId=${SESSION_ID}`)
    await clock.until(() => expect(calls).toHaveLength(1))
    for (const n of [2, 3, 4, 5]) {
      await clock.advance(2_000)
      await clock.until(() => expect(calls).toHaveLength(n))
    }
    await clock.advance(3_000)
    await clock.until(() => screen.getByRole('heading', { level: 1, name: frenchSpacing('Paiement réussi !') }))
    expect(calls).toHaveLength(6)
  })

  it.each([
    ['cancelled', 'cancelled_by_user', 'Vous avez annulé le paiement.'],
    ['expired', 'session_expired', 'Votre session de paiement a expiré. Veuillez réessayer.'],
    ['not_found', 'no_session_found', 'Session de paiement non trouvée'],
  ])('a session the server says is %s goes to the error page at once (%s)', async (status, code, text) => {
    loggedInAs()
    storePendingPayment()
    const calls = mockPaymentStatus(() => statusAnswer({ status }))
    renderApp(`/payment-success?orderId=${ORDER_ID}&sessionId=${SESSION_ID}`)
    expect(await screen.findByTestId('payment-error-message')).toHaveTextContent(text)
    expect(location()).toBe(`/payment-error?orderId=${ORDER_ID}&sessionId=${SESSION_ID}&errorCode=${code}`)
    expect(storedPendingPayment()).toBeNull()
    expect(calls.length).toBeGreaterThanOrEqual(1)
  })

  it('from the mobile redirect, an unconfirmed payment stays here, unconfirmed: never shown paid, never sent to the error page', async () => {
    loggedInAs()
    const clock = fakeClock()
    const calls = mockPaymentStatus((n) => (n <= 6 ? unavailable() : statusAnswer({ status: 'paid' })), { by: 'order' })
    renderApp(`/payment-success?orderId=${ORDER_ID}&source=mobile-redirect&device=android`)
    await clock.until(() => expect(calls).toHaveLength(1))
    for (const n of [2, 3, 4, 5]) {
      await clock.advance(2_000)
      await clock.until(() => expect(calls).toHaveLength(n))
    }
    await clock.advance(3_000)
    await clock.until(() => screen.getByRole('heading', { level: 1, name: 'Paiement en cours de confirmation' }))
    expect(location()).toBe(`/payment-success?orderId=${ORDER_ID}&source=mobile-redirect&device=android`)
    expect(calls).toHaveLength(6)
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier à nouveau' }))
    await clock.until(() => screen.getByRole('heading', { level: 1, name: frenchSpacing('Paiement réussi !') }))
  })
})

describe('/payment-error', () => {
  it('without errorCode and orderId: a warning and home', async () => {
    catalogueMissing()
    renderApp('/payment-error?errorMessage=Oups')
    expect(await screen.findByText("Accès non autorisé à la page d'erreur")).toBeVisible()
    await waitFor(() => expect(location()).toBe('/'))
  })

  it("explains the code; without a session, asks nothing and links to the cart and contact", async () => {
    renderApp('/payment-error?errorCode=insufficient_balance')
    expect(await screen.findByTestId('payment-error-message')).toHaveTextContent(
      'Le solde de votre compte Wave est insuffisant pour régler cette commande.',
    )
    expect(screen.getByRole('link', { name: 'Retour au panier' })).toHaveAttribute('href', '/cart')
    expect(screen.getByRole('link', { name: 'Contacter le service client' })).toHaveAttribute('href', '/contact')
    expect(screen.queryByRole('link', { name: 'Voir ma commande' })).not.toBeInTheDocument()
  })

  it('an unknown code shows the errorMessage parameter, else the default sentence', async () => {
    const { unmount } = renderApp('/payment-error?errorCode=wallet_frozen&errorMessage=Compte%20Wave%20bloqu%C3%A9')
    expect(await screen.findByTestId('payment-error-message')).toHaveTextContent('Compte Wave bloqué')
    unmount()
    renderApp('/payment-error?errorCode=wallet_frozen')
    expect(await screen.findByTestId('payment-error-message')).toHaveTextContent('Une erreur est survenue lors du paiement.')
  })

  it('asks the server first: an order still waiting can be paid again, and the pending record goes', async () => {
    loggedInAs()
    storePendingPayment()
    const calls = mockPaymentStatus(() => statusAnswer({ status: 'pending' }))
    renderApp(`/payment-error?orderId=${ORDER_ID}&errorCode=payment_failed`)
    expect(await screen.findByTestId('payment-error-message')).toHaveTextContent("Le paiement Wave n'a pas abouti.")
    expect(screen.getByText(/attend toujours son paiement/)).toHaveTextContent('Votre commande ORD-4128905123 attend toujours son paiement.')
    expect(screen.getByRole('link', { name: 'Voir ma commande' })).toHaveAttribute('href', `/orders/${ORDER_ID}`)
    expect(calls.map((url) => url.pathname + url.search)).toEqual([`/api/payments/wave/status/${SESSION_ID}?refresh=true`])
    expect(storedPendingPayment()).toBeNull()

    const open = vi.spyOn(waveBrowser, 'open').mockImplementation(() => {})
    const init = mockPaymentInit(() => HttpResponse.json({ data: makeSession({ sessionId: 'cos-again' }) }))
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Réessayer le paiement' }))
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith(CHECKOUT_URL))
    expect(init).toEqual([{ orderId: ORDER_ID }])
    expect(storedPendingPayment()).toMatchObject({ orderId: ORDER_ID, sessionId: 'cos-again', amount: 24000 })
  })

  it.each(['session_expired', 'technical_error', 'timeout'])('%s keeps the pending payment for the recovery watcher', async (code) => {
    loggedInAs()
    storePendingPayment()
    mockPaymentStatus(() => statusAnswer({ status: 'pending' }))
    renderApp(`/payment-error?orderId=${ORDER_ID}&errorCode=${code}`)
    await screen.findByTestId('payment-error-message')
    expect(storedPendingPayment()).not.toBeNull()
  })

  it("a payment the server finds done after all: 'Paiement confirmé!' and the success page (corrected)", async () => {
    loggedInAs()
    mockPaymentStatus(() => statusAnswer({ status: 'paid' }))
    renderApp(`/payment-error?orderId=${ORDER_ID}&sessionId=${SESSION_ID}&errorCode=timeout`)
    expect(await screen.findByRole('heading', { level: 1, name: frenchSpacing('Paiement réussi !') })).toBeVisible()
    expect(toasts().getByText('Paiement confirmé!')).toBeVisible()
    expect(location()).toBe(`/payment-success?orderId=${ORDER_ID}&sessionId=${SESSION_ID}&corrected=true`)
  })

  it('result=success and the server cannot be asked: the success page verifies (trusted), showing nothing paid', async () => {
    loggedInAs()
    mockPaymentStatus(() => unavailable())
    renderApp(`/payment-error?orderId=${ORDER_ID}&sessionId=${SESSION_ID}&errorCode=mobile_error&result=success`)
    await vi.waitFor(() =>
      expect(location()).toBe(`/payment-success?orderId=${ORDER_ID}&sessionId=${SESSION_ID}&trusted=true`),
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Vérification du paiement' })).toBeVisible()
    expect(screen.queryByRole('heading', { name: frenchSpacing('Paiement réussi !') })).not.toBeInTheDocument()
  })
})

describe('/mobile-redirect', () => {
  it('counts down 3 s, then the success page with source=mobile-redirect (which asks the server)', async () => {
    loggedInAs()
    const clock = fakeClock()
    const calls = mockPaymentStatus(() => statusAnswer({ status: 'paid' }), { by: 'order' })
    renderApp(`/mobile-redirect?orderId=${ORDER_ID}`)
    expect(await clock.until(() => screen.getByText('Traitement du paiement...'))).toBeVisible()
    expect(screen.getByTestId('mobile-countdown')).toHaveTextContent('3')
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/')
    expect(screen.getByRole('link', { name: 'Mes commandes' })).toHaveAttribute('href', '/orders')
    await clock.advance(1_000)
    expect(screen.getByTestId('mobile-countdown')).toHaveTextContent('2')
    await clock.advance(1_000)
    expect(screen.getByTestId('mobile-countdown')).toHaveTextContent('1')
    expect(calls).toHaveLength(0)
    await clock.advance(1_000)
    await clock.until(() =>
      expect(location()).toBe(`/payment-success?orderId=${ORDER_ID}&source=mobile-redirect&device=ios`),
    )
    await clock.until(() => screen.getByRole('heading', { level: 1, name: frenchSpacing('Paiement réussi !') }))
    expect(calls).toHaveLength(1)
  })

  it('result=error goes to the error page with mobile_error', async () => {
    const clock = fakeClock()
    renderApp(`/mobile-redirect?orderId=${ORDER_ID}&result=error&device=android`)
    await clock.until(() => screen.getByText('Traitement du paiement...'))
    for (let second = 0; second < 3; second++) await clock.advance(1_000)
    await clock.until(() => expect(location()).toBe(`/payment-error?orderId=${ORDER_ID}&errorCode=mobile_error`))
    expect(await clock.until(() => screen.getByTestId('payment-error-message'))).toHaveTextContent(
      "Le paiement depuis votre téléphone n'a pas abouti.",
    )
  })

  it('without orderId, says it cannot check the payment and stays', async () => {
    renderApp('/mobile-redirect?result=success')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Identifiant de commande manquant. Impossible de vérifier le paiement.',
    )
    expect(screen.queryByText('Traitement du paiement...')).not.toBeInTheDocument()
    expect(location()).toBe('/mobile-redirect?result=success')
  })
})
