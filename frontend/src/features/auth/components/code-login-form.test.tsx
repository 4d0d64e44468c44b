// /login's « Recevoir un code sur WhatsApp »: offered when the shop is on WhatsApp, the phone
// then the code, the session kept, the server's refusals shown where they belong.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import { renderWithProviders } from '@/testing/render'
import { server } from '@/testing/server'
import { setPageShop, shopFixture } from '@/testing/shop'
import { makeUser, withoutAsterisk } from '@/testing/users'
import { LoginForm } from './login-form'

const SENT = "Si ce numéro est sur WhatsApp, un code de connexion vient d'y être envoyé. Il est valable 10 minutes."
const OFFER = 'Recevoir un code sur WhatsApp'

function shopOnWhatsApp(loginByCode: boolean) {
  setPageShop(shopFixture({ loginByCode }))
}

/** Records each body posted to `path` and answers `answer`. */
function answers(path: string, answer: () => Response) {
  const bodies: unknown[] = []
  server.use(
    http.post(path, async ({ request }) => {
      bodies.push(await request.json())
      return answer()
    }),
  )
  return bodies
}

beforeEach(() => sessionStore.clear())

describe('login by a code on WhatsApp', () => {
  it('is not offered when the shop is not on WhatsApp', async () => {
    shopOnWhatsApp(false)
    renderWithProviders(<LoginForm />)
    await screen.findByRole('form', { name: 'Connexion' })
    expect(screen.queryByRole('button', { name: OFFER })).not.toBeInTheDocument()
  })

  it('sends a code to the phone, then logs in with it as typed or pasted', async () => {
    shopOnWhatsApp(true)
    const asked = answers('/api/auth/code', () => HttpResponse.json({ data: { message: SENT } }, { status: 202 }))
    const phoneOnly = makeUser({ firstName: '', lastName: '', email: null, loginPhone: '+221771234567' })
    const typed = answers('/api/auth/code/verify', () => HttpResponse.json({ data: { token: 'jwt-code', user: phoneOnly } }))
    const user = userEvent.setup()
    renderWithProviders(<LoginForm />)
    await user.click(await screen.findByRole('button', { name: OFFER }))

    const phoneForm = screen.getByRole('form', { name: 'Connexion par WhatsApp' })
    await user.type(within(phoneForm).getByLabelText('Numéro WhatsApp', withoutAsterisk), '77 123 45 67')
    await user.click(within(phoneForm).getByRole('button', { name: 'Recevoir le code' }))

    const codeForm = await screen.findByRole('form', { name: 'Code reçu sur WhatsApp' })
    expect(within(codeForm).getByRole('status')).toHaveTextContent(SENT)
    const code = within(codeForm).getByLabelText('Code reçu', withoutAsterisk)
    expect(code).toHaveAttribute('autocomplete', 'one-time-code')
    expect(code).toHaveAttribute('inputmode', 'numeric')
    await user.type(code, '042 917')
    await user.click(within(codeForm).getByRole('button', { name: 'Se connecter' }))

    await waitFor(() => expect(localStorage.getItem('token')).toBe('jwt-code'))
    expect(asked).toEqual([{ phone: '77 123 45 67' }])
    expect(typed).toEqual([{ phone: '77 123 45 67', code: '042 917' }])
  })

  it('shows a phone outside the shop’s countries on its field, and a wrong code on the code', async () => {
    shopOnWhatsApp(true)
    const foreign = "Les codes de connexion ne sont envoyés qu'aux numéros des pays où la boutique livre."
    answers('/api/auth/code', () =>
      HttpResponse.json({ code: 'validation_failed', message: foreign, fields: { phone: foreign } }, { status: 400 }),
    )
    const user = userEvent.setup()
    renderWithProviders(<LoginForm />)
    await user.click(await screen.findByRole('button', { name: OFFER }))
    const phone = screen.getByLabelText('Numéro WhatsApp', withoutAsterisk)
    await user.type(phone, '+33 6 12 34 56 78')
    await user.click(screen.getByRole('button', { name: 'Recevoir le code' }))
    await waitFor(() => expect(phone).toHaveAccessibleDescription(foreign))

    answers('/api/auth/code', () => HttpResponse.json({ data: { message: SENT } }, { status: 202 }))
    answers('/api/auth/code/verify', () =>
      HttpResponse.json({ code: 'invalid_login_code', message: 'Code incorrect.', fields: { code: 'Code incorrect.' } }, { status: 401 }),
    )
    await user.clear(phone)
    await user.type(phone, '77 123 45 67')
    await user.click(screen.getByRole('button', { name: 'Recevoir le code' }))
    const code = await screen.findByLabelText('Code reçu', withoutAsterisk)
    await user.type(code, '111111')
    await user.click(screen.getByRole('button', { name: 'Se connecter' }))
    await waitFor(() => expect(code).toHaveAccessibleDescription('Code incorrect.'))
    expect(localStorage.getItem('token')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Se connecter avec un e-mail' }))
    expect(screen.getByRole('form', { name: 'Connexion' })).toBeInTheDocument()
  })
})

describe('login by a code by e-mail, when the shop is not on WhatsApp', () => {
  it('offers the code by e-mail and says where it went in the server’s words', async () => {
    setPageShop(shopFixture({ loginByCode: true, loginCodeBy: 'email' }))
    const byMail = "Si ce numéro est celui d'un compte avec une adresse e-mail, un code de connexion vient d'y être envoyé. Il est valable 10 minutes."
    answers('/api/auth/code', () => HttpResponse.json({ data: { message: byMail } }, { status: 202 }))
    const user = userEvent.setup()
    renderWithProviders(<LoginForm />)
    expect(screen.queryByRole('button', { name: OFFER })).not.toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Recevoir un code par e-mail' }))
    const phoneForm = screen.getByRole('form', { name: 'Connexion par code' })
    await user.type(within(phoneForm).getByLabelText('Numéro de téléphone', withoutAsterisk), '77 123 45 67')
    await user.click(within(phoneForm).getByRole('button', { name: 'Recevoir le code' }))
    const codeForm = await screen.findByRole('form', { name: 'Code reçu par e-mail' })
    expect(within(codeForm).getByRole('status')).toHaveTextContent(byMail)
  })
})
