import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import { ADMIN_ID, adminPage, apiError, loggedInAsAdmin, makeAdminUser } from '@/testing/admin'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'
import { withoutAsterisk } from '@/testing/users'

beforeEach(() => sessionStore.clear())

const toasts = () => screen.getByRole('status', { name: 'Notifications' })
const field = (label: string) => screen.getByLabelText(label, withoutAsterisk)

describe('/admin/users/new', () => {
  it('checks the fields with the account messages, then creates the user', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    const bodies: unknown[] = []
    server.use(
      http.post('/api/admin/users', async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json({ data: makeAdminUser() }, { status: 201 })
      }),
      http.get('/api/admin/users', () => HttpResponse.json(adminPage([]))),
    )
    renderApp('/admin/users/new')
    await user.click(await screen.findByRole('button', { name: "Créer l'utilisateur" }))
    expect(field('Prénom')).toHaveAccessibleDescription('Le prénom est requis')
    expect(field('Email')).toHaveAccessibleDescription("L'email est requis")
    expect(field('Téléphone')).toHaveAccessibleDescription('Le téléphone est requis')
    expect(field('Mot de passe')).toHaveAccessibleDescription(expect.stringContaining('Le mot de passe est requis'))
    expect(bodies).toEqual([])

    await user.type(field('Prénom'), 'Khady')
    await user.type(field('Nom'), 'Sarr')
    await user.type(field('Email'), 'khady@example.sn')
    await user.type(field('Téléphone'), '78 000 11 22')
    await user.type(field('Mot de passe'), 'secret')
    await user.selectOptions(field('Rôle'), 'Administrateur')
    await user.click(screen.getByRole('button', { name: "Créer l'utilisateur" }))
    expect(await within(toasts()).findByText('Utilisateur enregistré avec succès')).toBeVisible()
    expect(bodies).toEqual([
      { firstName: 'Khady', lastName: 'Sarr', email: 'khady@example.sn', phone: '78 000 11 22', password: 'secret', role: 'admin', active: true },
    ])
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/users'))
  }, 20_000)

  it('shows a taken e-mail on its field', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    server.use(http.post('/api/admin/users', () => apiError(409, 'email_taken', 'Un compte existe déjà avec cet email')))
    renderApp('/admin/users/new')
    await user.type(await screen.findByLabelText('Prénom', withoutAsterisk), 'Khady')
    await user.type(field('Nom'), 'Sarr')
    await user.type(field('Email'), 'awa@example.sn')
    await user.type(field('Téléphone'), '78 000 11 22')
    await user.type(field('Mot de passe'), 'secret')
    await user.click(screen.getByRole('button', { name: "Créer l'utilisateur" }))
    await waitFor(() => expect(field('Email')).toHaveAccessibleDescription('Un compte existe déjà avec cet email'))
  }, 20_000)
})

describe('/admin/users/edit/:id', () => {
  it('sends only what changed, and a new password only when one is typed', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    const awa = makeAdminUser({ firstName: 'Awa', lastName: 'Diop', phone: '77 123 45 67' })
    const bodies: unknown[] = []
    server.use(
      http.get(`/api/admin/users/${awa.id}`, () => HttpResponse.json({ data: awa })),
      http.put(`/api/admin/users/${awa.id}`, async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json({ data: { ...awa, phone: '77 999 88 77' } })
      }),
      http.get('/api/admin/users', () => HttpResponse.json(adminPage([]))),
    )
    renderApp(`/admin/users/edit/${awa.id}`)
    expect(await screen.findByLabelText('Prénom', withoutAsterisk)).toHaveValue('Awa')
    const save = screen.getByRole('button', { name: 'Enregistrer' })
    expect(save).toBeDisabled()
    await user.clear(field('Téléphone'))
    await user.type(field('Téléphone'), '77 999 88 77')
    await user.type(field('Nouveau mot de passe'), 'abc')
    await user.click(save)
    expect(field('Nouveau mot de passe')).toHaveAccessibleDescription(
      expect.stringContaining('Le mot de passe doit contenir au moins 6 caractères'),
    )
    await user.type(field('Nouveau mot de passe'), 'def')
    await user.click(save)
    expect(await within(toasts()).findByText('Utilisateur enregistré avec succès')).toBeVisible()
    expect(bodies).toEqual([{ phone: '77 999 88 77', password: 'abcdef' }])
  }, 20_000)

  it('does not let an admin demote or deactivate their own account', async () => {
    loggedInAsAdmin()
    const self = makeAdminUser({ id: ADMIN_ID, firstName: 'Fatou', lastName: 'Sow', role: 'admin' })
    server.use(http.get(`/api/admin/users/${ADMIN_ID}`, () => HttpResponse.json({ data: self })))
    renderApp(`/admin/users/edit/${ADMIN_ID}`)
    expect(await screen.findByLabelText('Rôle')).toBeDisabled()
    expect(screen.getByRole('checkbox', { name: 'Compte actif' })).toBeDisabled()
  })

  it('says Utilisateur introuvable for an unknown user', async () => {
    loggedInAsAdmin()
    server.use(http.get('/api/admin/users/:id', () => apiError(404, 'user_not_found', 'Utilisateur introuvable')))
    renderApp('/admin/users/edit/9a8b7c6d-0000-4000-8000-999999999999')
    expect(await screen.findByRole('alert')).toHaveTextContent('Utilisateur introuvable')
  })
})
