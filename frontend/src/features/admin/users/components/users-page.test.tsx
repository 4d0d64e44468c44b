import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import { ADMIN_ID, adminPage, apiError, loggedInAsAdmin, makeAdminUser } from '@/testing/admin'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'
import type { AdminUser } from '../api/user-schema'
import { NBSP, frenchSpacing } from '@/lib/typography'

beforeEach(() => sessionStore.clear())

const toasts = () => screen.getByRole('status', { name: 'Notifications' })
const asObject = (params: URLSearchParams | undefined) => Object.fromEntries(params ?? [])
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr')!

function mockUsers(users: AdminUser[], pagination = {}) {
  const queries: URLSearchParams[] = []
  server.use(
    http.get('/api/admin/users', ({ request }) => {
      queries.push(new URL(request.url).searchParams)
      return HttpResponse.json(adminPage(users, pagination))
    }),
  )
  return queries
}

const me = () => makeAdminUser({ id: ADMIN_ID, firstName: 'Fatou', lastName: 'Sow', role: 'admin' })
const customer = (overrides: Partial<AdminUser> = {}) => makeAdminUser({ firstName: 'Awa', lastName: 'Diop', ...overrides })

describe('/admin/users', () => {
  it('has the 7 columns, the role labels, and no delete button for an administrator', async () => {
    loggedInAsAdmin()
    const other = makeAdminUser({ firstName: 'Ousmane', lastName: 'Ba', role: 'admin' })
    mockUsers([me(), other, customer({ email: 'awa@example.sn', phone: '+221771234567', createdAt: '2026-01-15T08:00:00Z' })])
    renderApp('/admin/users')
    const table = await screen.findByRole('table')
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Nom',
      'E-mail',
      'Téléphone',
      'Rôle',
      'Statut',
      'Créé le',
      'Actions',
    ])
    const awa = rowOf('Awa Diop')
    expect(within(awa).getAllByRole('cell').map((td) => td.textContent)).toEqual(
      expect.arrayContaining(['awa@example.sn', '77 123 45 67'.replaceAll(' ', NBSP), 'Client', 'Actif', '15 janvier 2026']),
    )
    expect(within(awa).getByRole('button', { name: 'Supprimer Awa Diop' })).toBeVisible()
    expect(within(rowOf('Ousmane Ba')).getByText('Administrateur')).toBeVisible()
    expect(within(rowOf('Ousmane Ba')).queryByRole('button', { name: /Supprimer/ })).not.toBeInTheDocument()
    // One's own account cannot be deactivated (nor deleted: an administrator).
    const mine = rowOf('Fatou Sow')
    expect(within(mine).getByText('(vous)')).toBeVisible()
    expect(within(mine).queryByRole('button', { name: /Désactiver/ })).not.toBeInTheDocument()
    expect(within(mine).queryByRole('button', { name: /Supprimer/ })).not.toBeInTheDocument()
  })

  it('says Aucun utilisateur trouvé, with no page links for a single page', async () => {
    loggedInAsAdmin()
    mockUsers([])
    renderApp('/admin/users?search=personne')
    expect(await screen.findByText('Aucun utilisateur trouvé')).toBeVisible()
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument()
  })

  it('shows page links only with more than one page', async () => {
    loggedInAsAdmin()
    mockUsers([customer()], { totalPages: 2, totalItems: 11 })
    renderApp('/admin/users')
    expect(await screen.findByRole('navigation', { name: 'Pagination' })).toBeVisible()
  })

  it('searches and filters by role and status', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    const queries = mockUsers([customer()])
    renderApp('/admin/users')
    await screen.findByText('1 utilisateur')
    await user.selectOptions(screen.getByLabelText('Rôle'), 'Administrateur')
    await user.selectOptions(screen.getByLabelText('Statut'), 'Inactifs')
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'diop')
    await waitFor(() =>
      expect(asObject(queries.at(-1))).toEqual({ page: '1', limit: '10', role: 'admin', status: 'inactive', search: 'diop' }),
    )
  })

  it('deactivates a customer after asking, and activates them again', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    let awa = customer()
    const bodies: unknown[] = []
    server.use(
      http.get('/api/admin/users', () => HttpResponse.json(adminPage([awa]))),
      http.put(`/api/admin/users/${awa.id}/status`, async ({ request }) => {
        const body = (await request.json()) as { active: boolean }
        bodies.push(body)
        awa = { ...awa, active: body.active }
        return HttpResponse.json({ data: awa })
      }),
    )
    renderApp('/admin/users')
    await user.click(await screen.findByRole('button', { name: 'Désactiver Awa Diop' }))
    const dialog = screen.getByRole('dialog', { name: 'Désactiver le compte' })
    expect(dialog).toHaveTextContent('Awa Diop ne pourra plus se connecter')
    await user.click(within(dialog).getByRole('button', { name: 'Désactiver' }))
    expect(await within(toasts()).findByText('Utilisateur désactivé')).toBeVisible()
    await waitFor(() => expect(within(rowOf('Awa Diop')).getByText('Inactif')).toBeVisible())
    await user.click(screen.getByRole('button', { name: 'Activer Awa Diop' }))
    expect(await within(toasts()).findByText('Utilisateur activé')).toBeVisible()
    expect(bodies).toEqual([{ active: false }, { active: true }])
  })

  it('shows the server’s refusal of a status change', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    mockUsers([customer({ active: false })])
    server.use(http.put('/api/admin/users/:id/status', () => apiError(404, 'user_not_found', 'Utilisateur introuvable')))
    renderApp('/admin/users')
    await user.click(await screen.findByRole('button', { name: 'Activer Awa Diop' }))
    expect(await within(toasts()).findByText('Utilisateur introuvable')).toBeVisible()
  })

  it('deletes a customer after a confirmation, or says they were deactivated instead', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    const awa = customer()
    const moussa = makeAdminUser({ firstName: 'Moussa', lastName: 'Ndiaye' })
    mockUsers([awa, moussa])
    const kept = 'Ce client a des commandes : son compte a été désactivé au lieu d’être supprimé.'
    server.use(
      http.delete(`/api/admin/users/${awa.id}`, () =>
        HttpResponse.json({ data: { deleted: true, deactivated: false, message: 'Utilisateur supprimé avec succès' } }),
      ),
      http.delete(`/api/admin/users/${moussa.id}`, () => HttpResponse.json({ data: { deleted: false, deactivated: true, message: kept } })),
    )
    renderApp('/admin/users')
    await user.click(await screen.findByRole('button', { name: 'Supprimer Awa Diop' }))
    const dialog = screen.getByRole('dialog', { name: "Supprimer l'utilisateur" })
    expect(dialog).toHaveTextContent('Êtes-vous sûr de vouloir supprimer "Awa Diop" ? Cette action est irréversible.')
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }))
    expect(await within(toasts()).findByText('Utilisateur supprimé avec succès')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Supprimer Moussa Ndiaye' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Supprimer' }))
    expect(await within(toasts()).findByText(kept)).toBeVisible()
  })

  it('makes a one-time reset link to copy or send by WhatsApp', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    const awa = customer({ phone: '77 123 45 67', passwordResetRequestedAt: '2026-03-10T08:00:00Z' })
    mockUsers([awa])
    const url = 'http://localhost:8080/reset-password/tok-123'
    let made = 0
    server.use(
      http.post(`/api/admin/users/${awa.id}/reset-link`, () => {
        made += 1
        return HttpResponse.json({ data: { url, expiresAt: '2026-03-10T10:00:00Z' } }, { status: 201 })
      }),
    )
    const writeText = vi.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } })
    renderApp('/admin/users')
    await user.click(await screen.findByRole('button', { name: 'Lien mot de passe pour Awa Diop' }))
    // The user asked for a new password on /forgot-password.
    expect(within(rowOf('Awa Diop')).getByText('Mot de passe oublié')).toBeVisible()
    const dialog = screen.getByRole('dialog', { name: 'Nouveau mot de passe – Awa Diop' })
    expect(await within(dialog).findByLabelText('Lien de réinitialisation')).toHaveValue(url)
    expect(dialog).toHaveTextContent('jusqu’au 10 mars 2026')
    const whatsapp = within(dialog).getByRole('link', { name: 'Envoyer par WhatsApp' })
    const link = new URL(whatsapp.getAttribute('href')!)
    expect(link.origin + link.pathname).toBe('https://wa.me/221771234567')
    expect(link.searchParams.get('text')).toBe(
      frenchSpacing(`Bonjour Awa, voici votre lien pour choisir un nouveau mot de passe sur Bitik Dakar (valable 1 heure, utilisable une seule fois) : ${url}`),
    )
    await user.click(within(dialog).getByRole('button', { name: 'Copier le lien' }))
    expect(writeText).toHaveBeenCalledWith(url)
    expect(within(dialog).getByRole('button', { name: 'Lien copié' })).toBeVisible()
    expect(made).toBe(1)
  })

  it('says when the list cannot be loaded', async () => {
    loggedInAsAdmin()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(http.get('/api/admin/users', () => HttpResponse.json({ users: [] })))
    renderApp('/admin/users')
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur lors du chargement des utilisateurs')
  })
})
