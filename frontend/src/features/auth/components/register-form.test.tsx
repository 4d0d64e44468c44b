import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import { mockCartServer } from '@/testing/cart'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'
import { catalogueMissing, makeUser, withoutAsterisk } from '@/testing/users'

const form = () => screen.getByRole('form', { name: 'Inscription' })
const field = (name: string | RegExp) => within(form()).getByLabelText(name, { selector: 'input', ...withoutAsterisk })
const submit = () => within(form()).getByRole('button', { name: 'Créer mon compte' })
const errorOf = (input: HTMLElement) => {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? []
  return ids.map((id) => document.getElementById(id)).find((el) => el?.id.endsWith('-error'))?.textContent ?? null
}

async function openRegister() {
  renderApp('/register')
  await screen.findByRole('tab', { name: 'Inscription', selected: true })
}

async function fillValid(user = userEvent.setup()) {
  await user.type(field('Prénom'), 'Awa')
  await user.type(field('Nom'), 'Diop')
  await user.type(field('Email'), 'awa@example.sn')
  await user.type(field('Téléphone'), '77 123 45 67')
  await user.type(field(/^Mot de passe/), 'secret1')
  await user.type(field('Confirmer le mot de passe'), 'secret1')
}

beforeEach(() => sessionStore.clear())

describe('registration form', () => {
  it('opens on /register with the six fields and the phone placeholder', async () => {
    await openRegister()
    expect(screen.getByRole('tab', { name: 'Connexion', selected: false })).toBeVisible()
    for (const label of ['Prénom', 'Nom', 'Email', 'Téléphone', /^Mot de passe/, 'Confirmer le mot de passe']) {
      expect(field(label)).toBeVisible()
    }
    expect(field('Téléphone')).toHaveAttribute('placeholder', '77 123 45 67')
    expect(field('Téléphone')).toHaveAttribute('type', 'tel')
  })

  it('shows each rule once a field is touched (blur), and updates on change', async () => {
    const user = userEvent.setup()
    await openRegister()
    // Untouched: nothing said yet.
    expect(errorOf(field('Prénom'))).toBeNull()
    await user.click(field('Prénom'))
    await user.tab()
    expect(errorOf(field('Prénom'))).toBe('Le prénom est requis')
    expect(field('Prénom')).toHaveAttribute('aria-invalid', 'true')
    await user.type(field('Prénom'), 'A')
    expect(errorOf(field('Prénom'))).toBeNull()
    expect(field('Prénom')).not.toHaveAttribute('aria-invalid')

    const messages: [string | RegExp, string][] = [
      ['Nom', 'Le nom est requis'],
      ['Email', "L'email est requis"],
      ['Téléphone', 'Le téléphone est requis'],
      [/^Mot de passe/, 'Le mot de passe est requis'],
      ['Confirmer le mot de passe', 'Veuillez confirmer votre mot de passe'],
    ]
    for (const [label, message] of messages) {
      fireEvent.blur(field(label))
      expect(errorOf(field(label))).toBe(message)
    }

    await user.type(field('Email'), 'awa@example')
    expect(errorOf(field('Email'))).toBe('Veuillez saisir un email valide')
    await user.type(field('Email'), '.sn')
    expect(errorOf(field('Email'))).toBeNull()

    await user.type(field(/^Mot de passe/), 'abc')
    expect(errorOf(field(/^Mot de passe/))).toBe('Le mot de passe doit contenir au moins 6 caractères')
    await user.type(field(/^Mot de passe/), 'def')
    expect(errorOf(field(/^Mot de passe/))).toBeNull()

    await user.type(field('Confirmer le mot de passe'), 'abcdeX')
    expect(errorOf(field('Confirmer le mot de passe'))).toBe('Les mots de passe ne correspondent pas')
    await user.clear(field('Confirmer le mot de passe'))
    await user.type(field('Confirmer le mot de passe'), 'abcdef')
    expect(errorOf(field('Confirmer le mot de passe'))).toBeNull()
    // Changing the password again breaks the match, without touching the confirmation.
    await user.type(field(/^Mot de passe/), 'g')
    expect(errorOf(field('Confirmer le mot de passe'))).toBe('Les mots de passe ne correspondent pas')
  })

  it('submitting with errors says so, marks every field, and the button stays disabled until fixed', async () => {
    const user = userEvent.setup()
    await openRegister()
    expect(submit()).toBeEnabled()
    await user.click(submit())
    expect(within(form()).getByRole('alert')).toHaveTextContent('Veuillez corriger les erreurs dans le formulaire.')
    expect(errorOf(field('Prénom'))).toBe('Le prénom est requis')
    expect(errorOf(field('Confirmer le mot de passe'))).toBe('Veuillez confirmer votre mot de passe')
    expect(field('Prénom')).toHaveFocus()
    expect(submit()).toBeDisabled()
    await fillValid(user)
    expect(submit()).toBeEnabled()
    expect(screen.queryByText('Veuillez corriger les erreurs dans le formulaire.')).not.toBeInTheDocument()
  })

  it('sends the five fields once, even on a double click, keeps the session as a login does and goes where a login goes', async () => {
    const bodies: unknown[] = []
    server.use(
      http.post('/api/auth/register', async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json({ data: { token: 'jwt-new', user: makeUser({ firstName: 'Awa' }) } }, { status: 201 })
      }),
      http.get('/api/orders', () => HttpResponse.json({ data: [], pagination: { page: 1, limit: 10, totalItems: 0, totalPages: 0 } })),
    )
    mockCartServer([])
    const user = userEvent.setup()
    // Sent to register on the way to their orders: they land there, logged in.
    renderApp('/register?redirect=/orders')
    await screen.findByRole('tab', { name: 'Inscription', selected: true })
    await fillValid(user)

    const button = submit()
    fireEvent.click(button)
    fireEvent.click(button)
    // Even a submit that bypasses the (now disabled) button goes nowhere.
    fireEvent.submit(form())
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/orders$/))
    expect(bodies).toEqual([{ firstName: 'Awa', lastName: 'Diop', email: 'awa@example.sn', phone: '77 123 45 67', password: 'secret1' }])
    expect(await screen.findByText('Inscription réussie ! Bienvenue, Awa !')).toBeVisible()
    expect(localStorage.getItem('token')).toBe('jwt-new')
    expect(sessionStore.getState().status).toBe('authenticated')
    expect(screen.getByRole('button', { name: 'Compte de Awa' })).toBeVisible()
  })

  it('brings the guest cart into the new account, as a login does', async () => {
    server.use(http.post('/api/auth/register', () => HttpResponse.json({ data: { token: 'jwt-new', user: makeUser() } }, { status: 201 })))
    catalogueMissing()
    const tee = { productId: 'p-tee', name: 'T-shirt Teranga', slug: 't-shirt-teranga', price: 9500, size: 'M', color: 'noir', stock: 5 }
    const cart = mockCartServer([tee])
    localStorage.setItem(
      'localCart',
      JSON.stringify([{ productId: 'p-tee', name: 'T-shirt Teranga', image: '/images/placeholder.jpg', price: 9500, quantity: 2, size: 'M', color: 'noir', stock: 5 }]),
    )
    const user = userEvent.setup()
    await openRegister()
    await fillValid(user)
    await user.click(submit())
    await waitFor(() =>
      expect(cart.calls).toContainEqual({ method: 'POST', path: '/api/cart/merge', body: { items: [{ productId: 'p-tee', quantity: 2, size: 'M', color: 'noir' }] } }),
    )
    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('2'))
    expect(localStorage.getItem('localCart')).toBeNull()
  })

  it('shows a taken e-mail on the e-mail field', async () => {
    server.use(
      http.post('/api/auth/register', () =>
        HttpResponse.json({ code: 'email_taken', message: 'Un compte existe déjà avec cet email' }, { status: 409 }),
      ),
    )
    const user = userEvent.setup()
    await openRegister()
    await fillValid(user)
    await user.click(submit())
    await waitFor(() => expect(errorOf(field('Email'))).toBe('Un compte existe déjà avec cet email'))
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true')
    expect(submit()).toBeDisabled()
    await user.type(field('Email'), 'x')
    expect(errorOf(field('Email'))).toBeNull()
  })

  it("shows the server's field messages on their fields", async () => {
    server.use(
      http.post('/api/auth/register', () =>
        HttpResponse.json(
          {
            code: 'validation_failed',
            message: 'Veuillez corriger les erreurs dans le formulaire.',
            fields: { phone: 'Le téléphone est requis', email: 'Veuillez saisir un email valide' },
          },
          { status: 400 },
        ),
      ),
    )
    const user = userEvent.setup()
    await openRegister()
    await fillValid(user)
    await user.click(submit())
    await waitFor(() => expect(errorOf(field('Téléphone'))).toBe('Le téléphone est requis'))
    expect(errorOf(field('Email'))).toBe('Veuillez saisir un email valide')
    expect(within(form()).getByRole('alert')).toHaveTextContent('Veuillez corriger les erreurs dans le formulaire.')
  })

  it.each([
    [429, 'too_many_requests', 'Trop de tentatives. Veuillez réessayer dans 6 minutes.'],
    [503, 'server_busy', 'Le serveur est très sollicité. Réessayez dans quelques secondes.'],
  ])('a %i %s says when to come back, in the server\'s words', async (status, code, message) => {
    server.use(http.post('/api/auth/register', () => HttpResponse.json({ code, message }, { status })))
    const user = userEvent.setup()
    await openRegister()
    await fillValid(user)
    await user.click(submit())
    expect(await within(form()).findByRole('alert')).toHaveTextContent(message)
  })

  it('falls back to its own French texts when the server says nothing usable', async () => {
    server.use(http.post('/api/auth/register', () => new HttpResponse('oops', { status: 502 })))
    const user = userEvent.setup()
    await openRegister()
    await fillValid(user)
    await user.click(submit())
    expect(await within(form()).findByRole('alert')).toHaveTextContent(
      'Erreur serveur. Veuillez réessayer plus tard.',
    )
  })
})
