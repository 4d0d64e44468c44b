import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '@/testing/render'
import { server } from '@/testing/server'
import { setPageShop, shopFixture } from '@/testing/shop'
import { ForgotPasswordPage } from './forgot-password-page'

const SENT = "Si un compte existe avec cette adresse, un lien de réinitialisation vient d'y être envoyé. Il est valable une heure."

/** The shop as the server writes it into the page. */
function shopSendsEmail(resetByEmail: boolean) {
  setPageShop(shopFixture({ resetByEmail }))
}

describe('/forgot-password by e-mail', () => {
  it('offers « Recevoir un lien par e-mail » when the shop sends e-mail, and says what the server says', async () => {
    shopSendsEmail(true)
    const bodies: unknown[] = []
    server.use(
      http.post('/api/auth/forgot-password', async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json({ data: { message: SENT } })
      }),
    )
    const user = userEvent.setup()
    renderWithProviders(<ForgotPasswordPage />)
    const button = await screen.findByRole('button', { name: 'Recevoir un lien par e-mail' })
    expect(button).toBeDisabled()
    await user.type(screen.getByRole('textbox', { name: /Adresse email/ }), 'awa@example.sn')
    await user.click(button)
    await waitFor(() => expect(screen.getByText(SENT)).toBeInTheDocument())
    expect(bodies).toEqual([{ email: 'awa@example.sn', byEmail: true }])
  })

  it('keeps only the WhatsApp path when the shop sends no e-mail', async () => {
    shopSendsEmail(false)
    renderWithProviders(<ForgotPasswordPage />)
    await screen.findByRole('button', { name: /Contacter le support/ })
    // The shop's answer has come: still no e-mail button.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('button', { name: 'Recevoir un lien par e-mail' })).not.toBeInTheDocument()
  })
})
