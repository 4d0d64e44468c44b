import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'
import { withoutAsterisk } from '@/testing/users'

const form = () => screen.getByRole('form', { name: 'Nouveau mot de passe' })
const password = () => within(form()).getByLabelText('Nouveau mot de passe', withoutAsterisk)
const confirmation = () => within(form()).getByLabelText('Confirmer le mot de passe', withoutAsterisk)
const submit = () => within(form()).getByRole('button', { name: 'Enregistrer le nouveau mot de passe' })

beforeEach(() => sessionStore.clear())

describe('/reset-password/:token', () => {
  it('checks the password rules', async () => {
    const user = userEvent.setup()
    renderApp('/reset-password/abc123')
    await screen.findByRole('heading', { level: 1, name: 'Nouveau mot de passe' })
    await user.click(submit())
    expect(password()).toHaveAccessibleDescription('Au moins 6 caractères. Le mot de passe est requis')
    expect(confirmation()).toHaveAccessibleDescription('Veuillez confirmer votre mot de passe')
    await user.type(password(), 'abc')
    expect(password()).toHaveAccessibleDescription('Au moins 6 caractères. Le mot de passe doit contenir au moins 6 caractères')
    await user.type(password(), 'def')
    await user.type(confirmation(), 'abcdeg')
    expect(confirmation()).toHaveAccessibleDescription('Les mots de passe ne correspondent pas')
  })

  it('sends the new password with the token, then goes to /login and says so', async () => {
    let seen: { token?: string; body?: unknown } = {}
    server.use(
      http.post('/api/auth/reset-password/:token', async ({ params, request }) => {
        seen = { token: String(params.token), body: await request.json() }
        return HttpResponse.json({ data: { message: 'Mot de passe mis à jour avec succès' } })
      }),
    )
    const user = userEvent.setup()
    renderApp('/reset-password/tok_9f8e')
    await screen.findByRole('heading', { level: 1, name: 'Nouveau mot de passe' })
    await user.type(password(), 'nouveau-secret')
    await user.type(confirmation(), 'nouveau-secret')
    await user.click(submit())
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/))
    expect(seen).toEqual({ token: 'tok_9f8e', body: { password: 'nouveau-secret' } })
    expect(screen.getByText('Votre mot de passe a été réinitialisé. Vous pouvez vous connecter.')).toBeVisible()
    expect(screen.getByRole('tab', { name: 'Connexion', selected: true })).toBeVisible()
  })

  it('says when the link is invalid or expired, with a way to ask for a new one', async () => {
    server.use(
      http.post('/api/auth/reset-password/:token', () =>
        HttpResponse.json({ code: 'invalid_reset_token', message: 'Ce lien de réinitialisation est invalide ou a expiré.' }, { status: 404 }),
      ),
    )
    const user = userEvent.setup()
    renderApp('/reset-password/old')
    await screen.findByRole('heading', { level: 1, name: 'Nouveau mot de passe' })
    await user.type(password(), 'nouveau-secret')
    await user.type(confirmation(), 'nouveau-secret')
    await user.click(submit())
    const alert = await within(form()).findByRole('alert')
    expect(alert).toHaveTextContent('Ce lien de réinitialisation est invalide ou a expiré.')
    expect(within(alert).getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute('href', '/forgot-password')
  })
})
