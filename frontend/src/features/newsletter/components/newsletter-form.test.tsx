import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '@/testing/render'
import { server } from '@/testing/server'
import { NewsletterForm } from './newsletter-form'

const emailBox = () => screen.getByRole('textbox', { name: 'Adresse email' })
const submit = () => screen.getByRole('button', { name: "S'inscrire" })

describe('newsletter form', () => {
  it.each(['', '   ', 'awa.example.sn'])('refuses %j with an error toast and no request', async (value) => {
    renderWithProviders(<NewsletterForm />)
    if (value) await userEvent.type(emailBox(), value)
    await userEvent.click(submit())
    expect(await screen.findByText('Veuillez entrer une adresse email valide')).toBeVisible()
  })

  it('subscribes with POST /api/newsletter and thanks the shopper', async () => {
    let body: unknown
    server.use(
      http.post('/api/newsletter', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({ data: { email: 'awa@example.sn' } }, { status: 201 })
      }),
    )
    renderWithProviders(<NewsletterForm />)
    await userEvent.type(emailBox(), ' awa@example.sn ')
    await userEvent.click(submit())
    expect(await screen.findByText('Merci de vous être inscrit à notre newsletter!')).toBeVisible()
    expect(body).toEqual({ email: 'awa@example.sn' })
    expect(emailBox()).toHaveValue('')
  })

  it("shows the server's message when it refuses", async () => {
    server.use(
      http.post('/api/newsletter', () =>
        HttpResponse.json({ code: 'validation_failed', message: "Cette adresse email n'est pas valide" }, { status: 422 }),
      ),
    )
    renderWithProviders(<NewsletterForm />)
    await userEvent.type(emailBox(), 'awa@')
    await userEvent.click(submit())
    expect(await screen.findByText("Cette adresse email n'est pas valide")).toBeVisible()
  })
})
