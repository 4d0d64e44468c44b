import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { delay, http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'
import { catalogueMissing, loggedInAs, makeUser, withoutAsterisk } from '@/testing/users'

const location = () => screen.getByTestId('location').textContent

async function logIn(user: ReturnType<typeof userEvent.setup>, who = makeUser()) {
  server.use(http.post('/api/auth/login', () => HttpResponse.json({ data: { token: 'jwt-1', user: who } })))
  const form = await screen.findByRole('form', { name: 'Connexion' })
  await user.type(within(form).getByLabelText('Email', withoutAsterisk), who.email ?? '')
  await user.type(within(form).getByLabelText('Mot de passe', withoutAsterisk), 'secret1')
  await user.click(within(form).getByRole('button', { name: 'Se connecter' }))
}

beforeEach(() => sessionStore.clear())

describe('the logged-in guard', () => {
  it('shows exactly "Loading..." while the stored session is checked', async () => {
    localStorage.setItem('token', 'jwt-slow')
    server.use(
      http.get('/api/auth/me', async () => {
        await delay(200)
        return HttpResponse.json({ data: makeUser() })
      }),
    )
    renderApp('/account')
    expect(await screen.findByText('Loading...')).toBeVisible()
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' })).toBeVisible()
    expect(location()).toBe('/account')
  })

  it('sends a visitor to /login, then back to /account after logging in', async () => {
    const user = userEvent.setup()
    renderApp('/account?tab=addresses')
    await screen.findByRole('tab', { name: 'Connexion', selected: true })
    expect(location()).toBe('/login')
    server.use(http.get('/api/users/addresses', () => HttpResponse.json({ data: [] })))
    await logIn(user)
    await waitFor(() => expect(location()).toBe('/account?tab=addresses'))
    expect(await screen.findByRole('heading', { name: 'Mes adresses' })).toBeVisible()
  })

  it('a stored token that no longer works is dropped on start: /account leads to /login', async () => {
    localStorage.setItem('token', 'jwt-old')
    server.use(http.get('/api/auth/me', () => HttpResponse.json({ code: 'session_expired', message: 'Votre session a expiré.' }, { status: 401 })))
    renderApp('/account')
    await screen.findByRole('tab', { name: 'Connexion', selected: true })
    expect(localStorage.getItem('token')).toBeNull()
    expect(location()).toBe('/login')
  })

  it('a 401 on an API call ends the session: /login?session=expired, then back to the page', async () => {
    loggedInAs()
    server.use(http.get('/api/users/addresses', () => HttpResponse.json({ code: 'session_expired', message: 'Votre session a expiré. Veuillez vous reconnecter.' }, { status: 401 })))
    const user = userEvent.setup()
    renderApp('/account?tab=addresses')
    expect(await screen.findByText('Votre session a expiré. Veuillez vous reconnecter.')).toBeVisible()
    expect(location()).toBe('/login?session=expired')
    expect(localStorage.getItem('token')).toBeNull()
    server.use(http.get('/api/users/addresses', () => HttpResponse.json({ data: [] })))
    await logIn(user)
    await waitFor(() => expect(location()).toBe('/account?tab=addresses'))
  })
})

describe('the admin guard', () => {
  it('sends a visitor to /login and brings an admin back to /admin', async () => {
    const user = userEvent.setup()
    renderApp('/admin')
    await screen.findByRole('tab', { name: 'Connexion', selected: true })
    await logIn(user, makeUser({ role: 'admin', firstName: 'Moussa' }))
    expect(await screen.findByRole('heading', { name: 'Administration' })).toBeVisible()
    expect(location()).toBe('/admin')
  })

  it('sends a customer to /unauthorized', async () => {
    loggedInAs(makeUser({ role: 'customer' }))
    renderApp('/admin')
    expect(await screen.findByText('Cette section est réservée à l’équipe de la boutique.')).toBeVisible()
    expect(location()).toBe('/unauthorized')
  })

  it('a customer logging in from /admin lands on /unauthorized', async () => {
    catalogueMissing()
    const user = userEvent.setup()
    renderApp('/admin')
    await logIn(user)
    expect(await screen.findByText('Cette section est réservée à l’équipe de la boutique.')).toBeVisible()
  })
})
