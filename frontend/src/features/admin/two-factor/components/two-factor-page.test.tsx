// The back office's two-step login screen, through the whole app: turned on with a QR code and a
// first code, the recovery codes shown once, then turned off with the password.
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import { loggedInAsStaff } from '@/testing/admin'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'
import { withoutAsterisk } from '@/testing/users'
import { KEEP_THE_CODES } from './two-factor-page'

const CODES = Array.from({ length: 10 }, (_, n) => `abcd-efgh-2345-67${n}0`)

beforeEach(() => sessionStore.clear())

describe('two-step login in the back office', () => {
  it('is turned on with the QR code or the secret and a first code, and shows the recovery codes once', async () => {
    const me = loggedInAsStaff('courier')
    const sent: unknown[] = []
    server.use(
      http.post('/api/auth/2fa/setup', () =>
        HttpResponse.json({ data: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrCode: 'data:image/svg+xml;base64,PHN2Zy8+' } }),
      ),
      http.post('/api/auth/2fa/enable', async ({ request }) => {
        const body = (await request.json()) as { code: string }
        sent.push(body)
        if (body.code !== '123456') {
          return HttpResponse.json({ code: 'invalid_two_factor_code', message: 'Code incorrect ou expiré.' }, { status: 401 })
        }
        return HttpResponse.json({ data: { token: 'jwt-new', user: { ...me, twoFactorEnabled: true }, recoveryCodes: CODES } })
      }),
    )
    const user = userEvent.setup()
    renderApp('/admin/two-factor')
    await waitFor(() => expect(document.title).toBe('Connexion en deux étapes – Administration | Bitik Dakar'))
    await user.click(await screen.findByRole('button', { name: 'Activer la connexion en deux étapes' }))
    expect(await screen.findByRole('img', { name: 'Code QR à scanner avec votre application d’authentification' })).toHaveAttribute(
      'src',
      'data:image/svg+xml;base64,PHN2Zy8+',
    )
    expect(screen.getByRole('definition')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')

    const form = screen.getByRole('form', { name: 'Activer la connexion en deux étapes' })
    const code = within(form).getByLabelText('Code de vérification', withoutAsterisk)
    await user.type(code, '000000')
    await user.click(within(form).getByRole('button', { name: 'Activer' }))
    await waitFor(() => expect(code).toHaveAccessibleDescription('Code incorrect ou expiré.'))
    await user.clear(code)
    await user.type(code, '123456')
    await user.click(within(form).getByRole('button', { name: 'Activer' }))

    const list = await screen.findByRole('list', { name: 'Codes de secours' })
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES)
    expect(screen.getByRole('alert').textContent).toBe(KEEP_THE_CODES)
    expect(localStorage.getItem('token')).toBe('jwt-new')
    expect(sent).toEqual([{ code: '000000' }, { code: '123456' }])

    await user.click(screen.getByRole('button', { name: 'J’ai noté mes codes de secours' }))
    expect(screen.queryByRole('list', { name: 'Codes de secours' })).not.toBeInTheDocument()
    expect(screen.getByRole('form', { name: 'Désactiver la connexion en deux étapes' })).toBeVisible()
  })

  it('is turned off with the password, the server refusing a wrong one in its words', async () => {
    const me = loggedInAsStaff('seller')
    sessionStore.setUser({ ...me, twoFactorEnabled: true })
    server.use(
      http.get('/api/auth/me', () => HttpResponse.json({ data: { ...me, twoFactorEnabled: true } })),
      http.post('/api/auth/2fa/disable', async ({ request }) => {
        const { password } = (await request.json()) as { password: string }
        if (password !== 'secret1') {
          return HttpResponse.json({ code: 'incorrect_current_password', message: 'Mot de passe actuel incorrect' }, { status: 401 })
        }
        return HttpResponse.json({ data: { ...me, twoFactorEnabled: false } })
      }),
    )
    const user = userEvent.setup()
    renderApp('/admin/two-factor')
    const form = await screen.findByRole('form', { name: 'Désactiver la connexion en deux étapes' })
    const password = within(form).getByLabelText('Mot de passe', withoutAsterisk)
    await user.type(password, 'wrong')
    await user.click(within(form).getByRole('button', { name: 'Désactiver' }))
    await waitFor(() => expect(password).toHaveAccessibleDescription('Mot de passe actuel incorrect'))
    await user.clear(password)
    await user.type(password, 'secret1')
    await user.click(within(form).getByRole('button', { name: 'Désactiver' }))
    expect(await screen.findByRole('button', { name: 'Activer la connexion en deux étapes' })).toBeVisible()
    expect(sessionStore.getState().user?.twoFactorEnabled).toBe(false)
  })
})
