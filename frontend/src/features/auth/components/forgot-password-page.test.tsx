import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '@/testing/render'
import { server } from '@/testing/server'
import type { Opener } from '@/lib/whatsapp'
import { FORGOT_PASSWORD_TOASTS, ForgotPasswordPage, PREPARATION_MS, forgotPasswordMessage } from './forgot-password-page'

const emailBox = () => screen.getByRole('textbox', { name: /Adresse email/ })
const submit = () => screen.getByRole('button', { name: /Contacter le support|Préparation/ })
const fallback = () => screen.getByRole('button', { name: 'Ouvrir dans le navigateur' })

function fakeOpener(tabOpens = true) {
  return { navigate: vi.fn<Opener['navigate']>(), openTab: vi.fn<Opener['openTab']>(() => tabOpens) }
}

/** POST /api/auth/forgot-password: records the bodies, answers as told. */
function forgotPasswordEndpoint(answer: () => Response = () => HttpResponse.json({ data: { message: 'ok' } })) {
  const bodies: unknown[] = []
  server.use(
    http.post('/api/auth/forgot-password', async ({ request }) => {
      bodies.push(await request.json())
      return answer()
    }),
  )
  return bodies
}

function renderPage(opener = fakeOpener()) {
  // Fake timers that still move on their own, so that user-event and MSW work.
  vi.useFakeTimers({ shouldAdvanceTime: true })
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
  renderWithProviders(<ForgotPasswordPage opener={opener} />, { route: '/forgot-password' })
  return { user, opener }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('/forgot-password', () => {
  it('explains the four steps, the 2-4 h answer time and links back to /login', () => {
    renderPage()
    expect(screen.getByRole('heading', { level: 1, name: /^Mot de passe oublié/ })).toBeVisible()
    expect(screen.getAllByRole('listitem')).toHaveLength(4)
    expect(screen.getByText(/répond généralement en 2 à 4 heures/)).toBeVisible()
    expect(screen.getByRole('link', { name: 'Retour à la connexion' })).toHaveAttribute('href', '/login')
  })

  it.each([
    ['', 'Veuillez saisir votre adresse email'],
    ['   ', 'Veuillez saisir votre adresse email'],
    ['awa.example.sn', 'Veuillez saisir une adresse email valide'],
    ['awa@example', 'Veuillez saisir une adresse email valide'],
  ])('refuses %j with "%s", sends nothing and opens nothing', async (value, message) => {
    const { user, opener } = renderPage()
    if (value) await user.type(emailBox(), value)
    await user.click(submit())
    expect(await screen.findByText(message)).toBeVisible()
    expect(emailBox()).toHaveAttribute('aria-invalid', 'true')
    await act(() => vi.advanceTimersByTimeAsync(PREPARATION_MS))
    expect(opener.navigate).not.toHaveBeenCalled()
    expect(opener.openTab).not.toHaveBeenCalled()
  })

  it('keeps "Ouvrir dans le navigateur" disabled while the e-mail is empty', async () => {
    const { user } = renderPage()
    expect(fallback()).toBeDisabled()
    await user.type(emailBox(), '  ')
    expect(fallback()).toBeDisabled()
    await user.type(emailBox(), 'a')
    expect(fallback()).toBeEnabled()
    await user.clear(emailBox())
    expect(fallback()).toBeDisabled()
  })

  it('on a computer: notes the request, shows Préparation... for 1.5 s, then opens WhatsApp Web in a new tab', async () => {
    const bodies = forgotPasswordEndpoint()
    const { user, opener } = renderPage()
    await user.type(emailBox(), ' awa@example.sn ')
    await user.click(submit())
    expect(submit()).toHaveTextContent('Préparation...')
    expect(submit()).toBeDisabled()
    await act(() => vi.advanceTimersByTimeAsync(PREPARATION_MS - 100))
    expect(opener.openTab).not.toHaveBeenCalled()
    await act(() => vi.advanceTimersByTimeAsync(100))
    await waitFor(() => expect(opener.openTab).toHaveBeenCalledTimes(1))
    const url = new URL(opener.openTab.mock.calls[0]![0])
    expect(url.origin + url.pathname).toBe('https://web.whatsapp.com/send')
    expect(url.searchParams.get('phone')).toBe('221770000000')
    expect(url.searchParams.get('text')).toBe(forgotPasswordMessage('awa@example.sn'))
    expect(url.searchParams.get('text')).toContain('awa@example.sn')
    expect(bodies).toEqual([{ email: 'awa@example.sn' }])
    expect(await screen.findByText(FORGOT_PASSWORD_TOASTS.redirecting)).toBeVisible()
    expect(screen.getByText(FORGOT_PASSWORD_TOASTS.desktopOpened)).toBeVisible()
    expect(submit()).toHaveTextContent('Contacter le support')
  })

  it('on a phone: opens the app, then wa.me after 2 s, and says to click again if nothing opens', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Linux; Android 14; SM-A145F) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36',
    )
    forgotPasswordEndpoint()
    const { user, opener } = renderPage()
    await user.type(emailBox(), 'awa@example.sn')
    await user.click(submit())
    await act(() => vi.advanceTimersByTimeAsync(PREPARATION_MS))
    await waitFor(() => expect(opener.navigate).toHaveBeenCalledTimes(1))
    expect(opener.navigate.mock.calls[0]![0]).toMatch(/^whatsapp:\/\/send\?phone=221770000000&text=.*awa%40example\.sn/)
    expect(await screen.findByText(FORGOT_PASSWORD_TOASTS.redirecting)).toBeVisible()
    expect(screen.getByText(FORGOT_PASSWORD_TOASTS.mobileHint)).toBeVisible()
    await act(() => vi.advanceTimersByTimeAsync(2_000))
    expect(opener.navigate).toHaveBeenCalledTimes(2)
    expect(opener.navigate.mock.calls[1]![0]).toMatch(/^https:\/\/wa\.me\/221770000000\?text=/)
  })

  it('still opens WhatsApp when the server fails', async () => {
    forgotPasswordEndpoint(() => HttpResponse.json({ code: 'internal', message: 'Erreur' }, { status: 500 }))
    const { user, opener } = renderPage()
    await user.type(emailBox(), 'awa@example.sn')
    await user.click(submit())
    await act(() => vi.advanceTimersByTimeAsync(PREPARATION_MS))
    await waitFor(() => expect(opener.openTab).toHaveBeenCalledTimes(1))
  })

  it("stops with the server's message on 429", async () => {
    forgotPasswordEndpoint(() =>
      HttpResponse.json({ code: 'too_many_requests', message: 'Trop de tentatives. Veuillez réessayer dans 12 minutes.' }, { status: 429 }),
    )
    const { user, opener } = renderPage()
    await user.type(emailBox(), 'awa@example.sn')
    await user.click(submit())
    await act(() => vi.advanceTimersByTimeAsync(PREPARATION_MS))
    expect(await screen.findByText('Trop de tentatives. Veuillez réessayer dans 12 minutes.')).toBeVisible()
    expect(opener.openTab).not.toHaveBeenCalled()
    expect(screen.queryByText(FORGOT_PASSWORD_TOASTS.redirecting)).not.toBeInTheDocument()
  })

  it('says WhatsApp could not be opened when the new tab is blocked', async () => {
    forgotPasswordEndpoint()
    const { user } = renderPage(fakeOpener(false))
    await user.type(emailBox(), 'awa@example.sn')
    await user.click(submit())
    await act(() => vi.advanceTimersByTimeAsync(PREPARATION_MS))
    expect(await screen.findByText(FORGOT_PASSWORD_TOASTS.failed)).toBeVisible()
  })

  it('"Ouvrir dans le navigateur" opens the web version at once and notes the request', async () => {
    const bodies = forgotPasswordEndpoint()
    const { user, opener } = renderPage()
    await user.type(emailBox(), 'awa@example.sn')
    await user.click(fallback())
    expect(opener.openTab).toHaveBeenCalledTimes(1)
    expect(opener.openTab.mock.calls[0]![0]).toMatch(/^https:\/\/web\.whatsapp\.com\/send\?phone=221770000000&text=/)
    await waitFor(() => expect(bodies).toEqual([{ email: 'awa@example.sn' }]))
  })

  it('"Ouvrir dans le navigateur" with a malformed e-mail shows the message and opens nothing', async () => {
    const { user, opener } = renderPage()
    await user.type(emailBox(), 'awa')
    await user.click(fallback())
    expect(await screen.findByText('Veuillez saisir une adresse email valide')).toBeVisible()
    expect(opener.openTab).not.toHaveBeenCalled()
  })
})

describe('/forgot-password, leaving the page', () => {
  it('does not open WhatsApp when the shopper leaves during the preparation', async () => {
    forgotPasswordEndpoint()
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const opener = fakeOpener()
    const { unmount } = renderWithProviders(<ForgotPasswordPage opener={opener} />, { route: '/forgot-password' })
    await user.type(emailBox(), 'awa@example.sn')
    await user.click(submit())
    unmount()
    await act(() => vi.advanceTimersByTimeAsync(PREPARATION_MS + 2_000))
    expect(opener.openTab).not.toHaveBeenCalled()
    expect(opener.navigate).not.toHaveBeenCalled()
  })
})
