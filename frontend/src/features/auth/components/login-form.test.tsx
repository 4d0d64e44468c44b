import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'
import { catalogueMissing, loggedInAs, makeUser, withoutAsterisk } from '@/testing/users'
import { frenchSpacing } from '@/lib/typography'

const form = () => screen.getByRole('form', { name: 'Connexion' })
const email = () => within(form()).getByLabelText('Email', withoutAsterisk)
const password = () => within(form()).getByLabelText('Mot de passe', withoutAsterisk)
const submit = () => within(form()).getByRole('button', { name: 'Se connecter' })
const location = () => screen.getByTestId('location').textContent

async function openLogin(route = '/login') {
  renderApp(route)
  await screen.findByRole('tab', { name: 'Connexion', selected: true })
}

function loginAnswers(status: number, body: unknown) {
  const requests: unknown[] = []
  server.use(
    http.post('/api/auth/login', async ({ request }) => {
      requests.push(await request.json())
      return HttpResponse.json(body as Record<string, unknown>, { status })
    }),
  )
  return requests
}

beforeEach(() => sessionStore.clear())

describe('login form', () => {
  it('requires the e-mail and the password', async () => {
    const user = userEvent.setup()
    await openLogin()
    await user.click(submit())
    expect(email()).toHaveAccessibleDescription("L'email est requis")
    expect(password()).toHaveAccessibleDescription('Le mot de passe est requis')
    expect(submit()).toBeDisabled()
  })

  it("shows the server's refusal: Email ou mot de passe incorrect", async () => {
    const requests = loginAnswers(401, { code: 'invalid_credentials', message: 'Email ou mot de passe incorrect' })
    const user = userEvent.setup()
    await openLogin()
    await user.type(email(), 'awa@example.sn')
    await user.type(password(), 'mauvais')
    await user.click(submit())
    expect(await within(form()).findByRole('alert')).toHaveTextContent('Email ou mot de passe incorrect')
    expect(requests).toEqual([{ email: 'awa@example.sn', password: 'mauvais' }])
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('shows a deactivated account and too many attempts as the server words them', async () => {
    loginAnswers(403, { code: 'account_disabled', message: 'Ce compte a été désactivé. Contactez le service client.' })
    const user = userEvent.setup()
    await openLogin()
    await user.type(email(), 'awa@example.sn')
    await user.type(password(), 'secret1')
    await user.click(submit())
    expect(await within(form()).findByRole('alert')).toHaveTextContent('Ce compte a été désactivé. Contactez le service client.')

    loginAnswers(429, { code: 'too_many_requests', message: 'Trop de tentatives. Veuillez réessayer dans 15 minutes.' })
    await user.click(submit())
    await waitFor(() =>
      expect(within(form()).getByRole('alert')).toHaveTextContent('Trop de tentatives. Veuillez réessayer dans 15 minutes.'),
    )
  })

  it('shows a server busy with password work as it words it', async () => {
    const busy = 'Le serveur est très sollicité. Réessayez dans quelques secondes.'
    const requests = loginAnswers(503, { code: 'server_busy', message: busy })
    const user = userEvent.setup()
    await openLogin()
    await user.type(email(), 'awa@example.sn')
    await user.type(password(), 'secret1')
    await user.click(submit())
    // A login is safe to repeat: the client tries three times (1 s, then 2 s apart) before saying it.
    expect(await within(form()).findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(busy)
    expect(requests).toHaveLength(3)
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('says "Une erreur est survenue lors de la connexion" when the server breaks', async () => {
    loginAnswers(400, { code: 'bad_request' }) // no message: a 4xx without words still reads as wrong credentials
    const user = userEvent.setup()
    await openLogin()
    await user.type(email(), 'awa@example.sn')
    await user.type(password(), 'secret1')
    await user.click(submit())
    expect(await within(form()).findByRole('alert')).toHaveTextContent('Email ou mot de passe incorrect')

    server.use(http.post('/api/auth/login', () => new HttpResponse('{not json', { status: 200 })))
    await user.click(submit())
    await waitFor(() => expect(within(form()).getByRole('alert')).toHaveTextContent('Une erreur est survenue lors de la connexion'))
  })

  it('stores token and user, greets, and goes home without a previous page', async () => {
    catalogueMissing()
    loginAnswers(200, { data: { token: 'jwt-1', user: makeUser() } })
    const user = userEvent.setup()
    await openLogin()
    await user.type(email(), 'awa@example.sn')
    await user.type(password(), 'secret1')
    await user.click(submit())
    await waitFor(() => expect(location()).toBe('/'))
    expect(localStorage.getItem('token')).toBe('jwt-1')
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ email: 'awa@example.sn', firstName: 'Awa' })
    expect(await screen.findByText('Bienvenue, Awa !')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Compte de Awa' })).toBeVisible()
  })

  it('goes to ?redirect= after logging in, but never to another site', async () => {
    catalogueMissing()
    loginAnswers(200, { data: { token: 'jwt-1', user: makeUser() } })
    const user = userEvent.setup()
    await openLogin('/login?redirect=%2Fproducts%3Fpromotion%3Dtrue')
    await user.type(email(), 'awa@example.sn')
    await user.type(password(), 'secret1')
    await user.click(submit())
    await waitFor(() => expect(location()).toBe('/products?promotion=true'))
  })

  it("from the header's Connexion link, comes back to the page the shopper was on", async () => {
    catalogueMissing()
    loginAnswers(200, { data: { token: 'jwt-1', user: makeUser() } })
    const user = userEvent.setup()
    renderApp('/products?promotion=true')
    await user.click(await screen.findByRole('link', { name: 'Connexion' }))
    await screen.findByRole('tab', { name: 'Connexion', selected: true })
    await user.type(email(), 'awa@example.sn')
    await user.type(password(), 'secret1')
    await user.click(submit())
    await waitFor(() => expect(location()).toBe('/products?promotion=true'))
  })

  it('sends a logged-in shopper away from /login', async () => {
    catalogueMissing()
    loggedInAs()
    renderApp('/login?redirect=//evil.example/x')
    await waitFor(() => expect(location()).toBe('/'))
  })

  it('/login?session=expired says the session expired', async () => {
    await openLogin('/login?session=expired')
    expect(screen.getByText('Votre session a expiré. Veuillez vous reconnecter.')).toBeVisible()
  })

  it('links to /forgot-password, and the tabs switch between /login and /register', async () => {
    const user = userEvent.setup()
    await openLogin('/login?redirect=/account')
    expect(within(form()).getByRole('link', { name: frenchSpacing('Mot de passe oublié ?') })).toHaveAttribute('href', '/forgot-password')
    await user.click(screen.getByRole('tab', { name: 'Inscription' }))
    expect(location()).toBe('/register?redirect=/account')
    expect(screen.getByRole('form', { name: 'Inscription' })).toBeVisible()
    // Arrow keys move between the tabs (ARIA tabs pattern).
    await user.keyboard('{ArrowLeft}')
    expect(location()).toBe('/login?redirect=/account')
    expect(screen.getByRole('tab', { name: 'Connexion' })).toHaveFocus()
  })
})

describe('two-step login', () => {
  const codeForm = () => screen.getByRole('form', { name: 'Code de vérification' })
  const code = () => within(codeForm()).getByLabelText('Code de vérification', withoutAsterisk)
  const verify = () => within(codeForm()).getByRole('button', { name: 'Vérifier' })

  /** The password is right: POST /api/auth/2fa answers `status` and `body` after it. */
  async function passwordAccepted(status: number, body: unknown) {
    loginAnswers(200, { data: { twoFactorRequired: true, challenge: 'challenge-1' } })
    const requests: unknown[] = []
    server.use(
      http.post('/api/auth/2fa', async ({ request }) => {
        requests.push(await request.json())
        return HttpResponse.json(body as Record<string, unknown>, { status })
      }),
    )
    const user = userEvent.setup()
    await openLogin()
    await user.type(email(), 'gerant@bitik.sn')
    await user.type(password(), 'secret1')
    await user.click(submit())
    await screen.findByRole('form', { name: 'Code de vérification' })
    expect(localStorage.getItem('token')).toBeNull()
    return { user, requests }
  }

  it('asks for the code after a right password, then stores the session', async () => {
    catalogueMissing()
    const { user, requests } = await passwordAccepted(200, { data: { token: 'jwt-2', user: makeUser({ role: 'manager', twoFactorEnabled: true }) } })
    await user.click(verify())
    expect(code()).toHaveAccessibleDescription(/Le code de vérification est requis$/)
    await user.type(code(), '123 456')
    await user.click(verify())
    await waitFor(() => expect(localStorage.getItem('token')).toBe('jwt-2'))
    expect(requests).toEqual([{ challenge: 'challenge-1', code: '123 456' }])
  })

  it('says a wrong code as the server words it, and a challenge gone asks for the password again', async () => {
    const { user } = await passwordAccepted(401, { code: 'invalid_two_factor_code', message: 'Code incorrect ou expiré.', fields: { code: 'Code incorrect ou expiré.' } })
    await user.type(code(), '000000')
    await user.click(verify())
    expect(await within(codeForm()).findByRole('alert')).toHaveTextContent('Code incorrect ou expiré.')

    const expired = 'Votre connexion a expiré. Saisissez à nouveau votre email et votre mot de passe.'
    server.use(http.post('/api/auth/2fa', () => HttpResponse.json({ code: 'two_factor_challenge_expired', message: expired }, { status: 401 })))
    await user.clear(code())
    await user.type(code(), '111111')
    await user.click(verify())
    expect(await within(form()).findByRole('alert')).toHaveTextContent(expired)
    expect(email()).toHaveValue('gerant@bitik.sn')
    expect(password()).toHaveValue('')
  })

  it('sends a manager who must set it up to its screen after logging in', async () => {
    loginAnswers(200, { data: { token: 'jwt-3', user: makeUser({ role: 'manager', twoFactorSetupRequired: true }) } })
    server.use(http.post('/api/auth/2fa/setup', () => HttpResponse.json({ code: 'internal', message: 'Erreur' }, { status: 500 })))
    const user = userEvent.setup()
    await openLogin()
    await user.type(email(), 'gerant@bitik.sn')
    await user.type(password(), 'secret1')
    await user.click(submit())
    await waitFor(() => expect(location()).toBe('/admin/two-factor'))
  })
})
