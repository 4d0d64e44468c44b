import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'
import { catalogueMissing, loggedInAs, makeUser, withoutAsterisk } from '@/testing/users'

const location = () => screen.getByTestId('location').textContent
const tabs = () => screen.getByRole('navigation', { name: 'Mon compte' })
const input = (container: HTMLElement, label: string) => within(container).getByLabelText(label, withoutAsterisk)

async function openAccount(route = '/account', user = makeUser()) {
  loggedInAs(user)
  renderApp(route)
  await screen.findByRole('heading', { level: 1, name: 'Mon compte' })
}

function address(overrides: Record<string, unknown> = {}) {
  return {
    id: 'a1',
    label: 'Maison',
    firstName: 'Awa',
    lastName: 'Diop',
    phone: '+221771234567',
    address: 'Villa 12, Parcelles Assainies U15',
    city: 'Médina',
    zipCode: '',
    country: 'Sénégal',
    commune: 'medina',
    communeName: 'Médina',
    landmark: 'En face du marché Tilène',
    isDefault: true,
    createdAt: '2025-02-01T10:00:00Z',
    ...overrides,
  }
}

beforeEach(() => sessionStore.clear())

describe('/account tabs', () => {
  it('has Profil, Mes commandes, Adresses, Mot de passe and Déconnexion; the tab is in the address', async () => {
    const user = userEvent.setup()
    await openAccount()
    const nav = tabs()
    expect(within(nav).getByRole('link', { name: 'Profil' })).toHaveAttribute('aria-current', 'page')
    expect(within(nav).getByRole('link', { name: 'Mes commandes' })).toHaveAttribute('href', '/account?tab=orders')
    expect(within(nav).getByRole('link', { name: 'Adresses' })).toHaveAttribute('href', '/account?tab=addresses')
    expect(within(nav).getByRole('link', { name: 'Mot de passe' })).toHaveAttribute('href', '/account?tab=password')
    expect(within(nav).getByRole('button', { name: 'Déconnexion' })).toBeVisible()
    await user.click(within(nav).getByRole('link', { name: 'Mot de passe' }))
    expect(location()).toBe('/account?tab=password')
    expect(screen.getByRole('heading', { name: 'Changer mon mot de passe' })).toBeVisible()
  })

  it('opens the tab named in the address', async () => {
    server.use(http.get('/api/users/addresses', () => HttpResponse.json({ data: [] })))
    await openAccount('/account?tab=addresses')
    expect(await screen.findByRole('heading', { name: 'Mes adresses' })).toBeVisible()
    expect(within(tabs()).getByRole('link', { name: 'Adresses' })).toHaveAttribute('aria-current', 'page')
  })

  it('Déconnexion asks first, then ends the session on the server and goes home', async () => {
    catalogueMissing()
    let loggedOut = 0
    server.use(http.post('/api/auth/logout', () => {
      loggedOut += 1
      return HttpResponse.json({ data: { message: 'Vous êtes déconnecté.' } })
    }))
    const user = userEvent.setup()
    await openAccount()
    await user.click(within(tabs()).getByRole('button', { name: 'Déconnexion' }))
    const dialog = screen.getByRole('dialog', { name: 'Déconnexion' })
    expect(within(dialog).getByText('Êtes-vous sûr de vouloir vous déconnecter ?')).toBeVisible()
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }))
    expect(location()).toBe('/account')
    expect(loggedOut).toBe(0)

    await user.click(within(tabs()).getByRole('button', { name: 'Déconnexion' }))
    await user.click(screen.getByRole('button', { name: 'Confirmer' }))
    await waitFor(() => expect(location()).toBe('/'))
    await waitFor(() => expect(loggedOut).toBe(1))
    expect(localStorage.getItem('token')).toBeNull()
    expect(localStorage.getItem('user')).toBeNull()
    expect(screen.getByRole('link', { name: 'Connexion' })).toBeVisible()
  })

  it('the header menu logout also calls the server and clears the cached account data', async () => {
    catalogueMissing()
    let loggedOut = 0
    server.use(
      http.post('/api/auth/logout', () => {
        loggedOut += 1
        return HttpResponse.json({ data: { message: 'ok' } })
      }),
      http.get('/api/users/addresses', () => HttpResponse.json({ data: [address()] })),
    )
    const user = userEvent.setup()
    await openAccount('/account?tab=addresses')
    await screen.findByText('Villa 12, Parcelles Assainies U15', { exact: false })
    await user.click(screen.getByRole('button', { name: 'Compte de Awa' }))
    await user.click(within(screen.getByRole('navigation', { name: 'Navigation principale' }).parentElement!).getByRole('button', { name: 'Déconnexion' }))
    await user.click(screen.getByRole('button', { name: 'Confirmer' }))
    await waitFor(() => expect(location()).toBe('/'))
    await waitFor(() => expect(loggedOut).toBe(1))
    expect(screen.queryByText('Villa 12', { exact: false })).not.toBeInTheDocument()
  })
})

describe('profile tab', () => {
  it('shows the profile, the e-mail read-only, and no postcode or country: the address is the book’s default', async () => {
    server.use(http.get('/api/users/addresses', () => HttpResponse.json({ data: [address({ isDefault: false, id: 'a0', address: 'Ancienne villa' }), address()] })))
    const user = userEvent.setup()
    await openAccount()
    const form = screen.getByRole('form', { name: 'Mes informations' })
    expect(input(form, 'Prénom')).toHaveValue('Awa')
    expect(input(form, 'Email')).toHaveValue('awa@example.sn')
    expect(input(form, 'Email')).toHaveAttribute('readonly')
    expect(input(form, 'Email')).toHaveAccessibleDescription("L'email ne peut pas être modifié")
    expect(input(form, 'Téléphone')).toHaveValue('77 123 45 67')
    for (const gone of ['Code postal', 'Pays', 'Ville', 'Adresse']) expect(within(form).queryByLabelText(gone, withoutAsterisk)).toBeNull()
    expect(screen.queryByText(/Code postal|Pays/)).toBeNull()

    const section = screen.getByRole('region', { name: 'Adresse de livraison' })
    expect(await within(section).findByText('Villa 12, Parcelles Assainies U15', { exact: false })).toBeVisible()
    expect(section).toHaveTextContent('Point de repère : En face du marché Tilène')
    expect(within(section).queryByText('Ancienne villa', { exact: false })).toBeNull()
    expect(within(section).getByRole('link', { name: 'Toutes mes adresses' })).toHaveAttribute('href', '/account?tab=addresses')
    await user.click(within(section).getByRole('button', { name: 'Modifier l’adresse' }))
    const dialog = screen.getByRole('dialog', { name: 'Modifier l’adresse' })
    const editor = await within(dialog).findByRole('form', { name: 'Adresse de livraison' })
    expect(input(editor, 'Point de repère')).toHaveValue('En face du marché Tilène')
    await waitFor(() => expect(input(editor, 'Commune')).toHaveValue('medina'))
  })

  it('offers to add the default address when the book has none', async () => {
    let posted: Record<string, unknown> | null = null
    server.use(
      http.post('/api/users/addresses', async ({ request }) => {
        posted = (await request.json()) as Record<string, unknown>
        return HttpResponse.json({ data: address({ ...posted }) }, { status: 201 })
      }),
    )
    const user = userEvent.setup()
    await openAccount()
    const section = screen.getByRole('region', { name: 'Adresse de livraison' })
    expect(await within(section).findByText('Aucune adresse de livraison enregistrée.')).toBeVisible()
    await user.click(within(section).getByRole('button', { name: 'Ajouter une adresse' }))
    const form = await within(screen.getByRole('dialog', { name: 'Nouvelle adresse' })).findByRole('form', { name: 'Adresse de livraison' })
    expect(input(form, 'Utiliser comme adresse par défaut')).toBeChecked()
    await user.type(input(form, 'Adresse'), 'Sacré-Cœur 3')
    await user.selectOptions(input(form, 'Commune'), 'yoff')
    await user.type(input(form, 'Point de repère'), 'Derrière la grande mosquée')
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText('Adresse ajoutée avec succès')).toBeVisible()
    expect(posted).toMatchObject({ address: 'Sacré-Cœur 3', commune: 'yoff', isDefault: true, firstName: 'Awa' })
  })

  it('requires first and last names', async () => {
    const user = userEvent.setup()
    await openAccount()
    const form = screen.getByRole('form', { name: 'Mes informations' })
    await user.clear(input(form, 'Prénom'))
    await user.tab()
    expect(input(form, 'Prénom')).toHaveAccessibleDescription('Le prénom est requis')
    await user.clear(input(form, 'Nom'))
    await user.tab()
    expect(input(form, 'Nom')).toHaveAccessibleDescription('Le nom est requis')
    expect(within(form).getByRole('button', { name: 'Enregistrer les modifications' })).toBeDisabled()
  })

  it('saves without the e-mail, says so, and the header shows the new name', async () => {
    let body: unknown = null
    server.use(
      http.put('/api/auth/profile', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({ data: makeUser({ firstName: 'Aminata' }) })
      }),
    )
    const user = userEvent.setup()
    await openAccount()
    const form = screen.getByRole('form', { name: 'Mes informations' })
    await user.clear(input(form, 'Prénom'))
    await user.type(input(form, 'Prénom'), '  Aminata ')
    await user.click(within(form).getByRole('button', { name: 'Enregistrer les modifications' }))
    expect(await screen.findByText('Profil mis à jour avec succès')).toBeVisible()
    // No address lines: the server keeps the account's old ones for older clients.
    expect(body).toEqual({ firstName: 'Aminata', lastName: 'Diop', phone: '77 123 45 67' })
    expect(screen.getByRole('button', { name: 'Compte de Aminata' })).toBeVisible()
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ firstName: 'Aminata' })
  })

  it('says "Erreur lors de la mise à jour du profil" on failure', async () => {
    server.use(http.put('/api/auth/profile', () => HttpResponse.json({ code: 'bad_request', message: 'Requête invalide.' }, { status: 400 })))
    const user = userEvent.setup()
    await openAccount()
    const form = screen.getByRole('form', { name: 'Mes informations' })
    await user.click(within(form).getByRole('button', { name: 'Enregistrer les modifications' }))
    expect(await screen.findByText('Erreur lors de la mise à jour du profil')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Compte de Awa' })).toBeVisible()
  })

  it('a refused token while saving ends the session: /login?session=expired, back to /account after logging in', async () => {
    server.use(
      http.put('/api/auth/profile', () =>
        HttpResponse.json({ code: 'session_expired', message: 'Votre session a expiré. Veuillez vous reconnecter.' }, { status: 401 }),
      ),
    )
    const user = userEvent.setup()
    await openAccount()
    const form = screen.getByRole('form', { name: 'Mes informations' })
    await user.click(within(form).getByRole('button', { name: 'Enregistrer les modifications' }))
    expect(await screen.findByText('Votre session a expiré. Veuillez vous reconnecter.')).toBeVisible()
    expect(location()).toBe('/login?session=expired')
    expect(localStorage.getItem('token')).toBeNull()
    expect(screen.queryByText('Erreur lors de la mise à jour du profil')).not.toBeInTheDocument()
  })
})

describe('password tab', () => {
  async function openPassword() {
    await openAccount('/account?tab=password')
    return screen.getByRole('form', { name: 'Changer mon mot de passe' })
  }

  it('checks the confirmation and the length', async () => {
    const user = userEvent.setup()
    const form = await openPassword()
    await user.type(input(form, 'Mot de passe actuel'), 'secret1')
    await user.type(input(form, 'Nouveau mot de passe'), 'abc')
    await user.tab()
    expect(input(form, 'Nouveau mot de passe')).toHaveAccessibleDescription(
      'Au moins 6 caractères. Le nouveau mot de passe doit contenir au moins 6 caractères',
    )
    await user.type(input(form, 'Nouveau mot de passe'), 'def')
    await user.type(input(form, 'Confirmer le nouveau mot de passe'), 'abcdex')
    await user.tab()
    expect(input(form, 'Confirmer le nouveau mot de passe')).toHaveAccessibleDescription('Les mots de passe ne correspondent pas')
  })

  it('stores the new token and says so', async () => {
    let body: unknown = null
    server.use(
      http.put('/api/auth/password', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({ data: { token: 'jwt-after-change', user: makeUser() } })
      }),
    )
    const user = userEvent.setup()
    const form = await openPassword()
    await user.type(input(form, 'Mot de passe actuel'), 'secret1')
    await user.type(input(form, 'Nouveau mot de passe'), 'nouveau-secret')
    await user.type(input(form, 'Confirmer le nouveau mot de passe'), 'nouveau-secret')
    await user.click(within(form).getByRole('button', { name: 'Mettre à jour le mot de passe' }))
    expect(await screen.findByText('Mot de passe mis à jour avec succès')).toBeVisible()
    expect(body).toEqual({ currentPassword: 'secret1', newPassword: 'nouveau-secret' })
    expect(localStorage.getItem('token')).toBe('jwt-after-change')
    expect(input(form, 'Mot de passe actuel')).toHaveValue('')
    expect(location()).toBe('/account?tab=password')
  })

  it('a wrong current password says "Mot de passe actuel incorrect" and keeps the session', async () => {
    server.use(
      http.put('/api/auth/password', () =>
        HttpResponse.json({ code: 'incorrect_current_password', message: 'Mot de passe actuel incorrect' }, { status: 401 }),
      ),
    )
    const user = userEvent.setup()
    const form = await openPassword()
    await user.type(input(form, 'Mot de passe actuel'), 'faux-mdp')
    await user.type(input(form, 'Nouveau mot de passe'), 'nouveau-secret')
    await user.type(input(form, 'Confirmer le nouveau mot de passe'), 'nouveau-secret')
    await user.click(within(form).getByRole('button', { name: 'Mettre à jour le mot de passe' }))
    await waitFor(() => expect(input(form, 'Mot de passe actuel')).toHaveAccessibleDescription('Mot de passe actuel incorrect'))
    expect(screen.getAllByText('Mot de passe actuel incorrect').length).toBeGreaterThanOrEqual(1)
    expect(localStorage.getItem('token')).toBe('jwt-test')
    expect(location()).toBe('/account?tab=password')
  })

  it.each([
    [429, 'too_many_requests', 'Trop de tentatives. Veuillez réessayer dans 3 minutes.'],
    [503, 'server_busy', 'Le serveur est très sollicité. Réessayez dans quelques secondes.'],
  ])('a %i %s says when to come back, in the server\'s words', async (status, code, message) => {
    server.use(http.put('/api/auth/password', () => HttpResponse.json({ code, message }, { status })))
    const user = userEvent.setup()
    const form = await openPassword()
    await user.type(input(form, 'Mot de passe actuel'), 'secret1')
    await user.type(input(form, 'Nouveau mot de passe'), 'nouveau-secret')
    await user.type(input(form, 'Confirmer le nouveau mot de passe'), 'nouveau-secret')
    await user.click(within(form).getByRole('button', { name: 'Mettre à jour le mot de passe' }))
    expect(await screen.findByText(message)).toBeVisible()
    expect(localStorage.getItem('token')).toBe('jwt-test')
  })

  it('any other failure says "Erreur lors de la mise à jour du mot de passe"', async () => {
    server.use(http.put('/api/auth/password', () => HttpResponse.json({ code: 'bad_request', message: 'Requête invalide.' }, { status: 400 })))
    const user = userEvent.setup()
    const form = await openPassword()
    await user.type(input(form, 'Mot de passe actuel'), 'secret1')
    await user.type(input(form, 'Nouveau mot de passe'), 'nouveau-secret')
    await user.type(input(form, 'Confirmer le nouveau mot de passe'), 'nouveau-secret')
    await user.click(within(form).getByRole('button', { name: 'Mettre à jour le mot de passe' }))
    expect(await screen.findByText('Erreur lors de la mise à jour du mot de passe')).toBeVisible()
  })
})

describe('addresses tab', () => {
  it('says "Impossible de charger vos adresses" when the list fails', async () => {
    server.use(http.get('/api/users/addresses', () => HttpResponse.json({ code: 'not_found', message: 'x' }, { status: 404 })))
    await openAccount('/account?tab=addresses')
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossible de charger vos adresses')
    expect(within(screen.getByRole('status', { name: 'Notifications' })).getByText('Impossible de charger vos adresses')).toBeVisible()
  })

  it('adds an address (the first one becomes the default), with the rules of the form', async () => {
    let list = [] as ReturnType<typeof address>[]
    let posted: unknown = null
    server.use(
      http.get('/api/users/addresses', () => HttpResponse.json({ data: list })),
      http.post('/api/users/addresses', async ({ request }) => {
        posted = await request.json()
        list = [address({ ...(posted as object), id: 'a9', label: 'Bureau' })]
        return HttpResponse.json({ data: list[0] }, { status: 201 })
      }),
    )
    const user = userEvent.setup()
    await openAccount('/account?tab=addresses')
    expect(await screen.findByText(/pas encore enregistré d’adresse/)).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Ajouter une adresse' }))
    const dialog = screen.getByRole('dialog', { name: 'Nouvelle adresse' })
    const form = await within(dialog).findByRole('form', { name: 'Adresse de livraison' })
    // Prefilled from the profile.
    expect(input(form, 'Prénom')).toHaveValue('Awa')
    expect(input(form, 'Utiliser comme adresse par défaut')).toBeChecked()
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }))
    expect(input(form, 'Adresse')).toHaveAccessibleDescription("L'adresse est requise")
    expect(within(form).getByRole('alert')).toHaveTextContent('Veuillez corriger les erreurs dans le formulaire.')
    await user.clear(input(form, 'Téléphone'))
    await user.tab()
    expect(input(form, 'Téléphone')).toHaveAccessibleDescription('Le téléphone est requis')
    expect(input(form, 'Commune')).toHaveAccessibleDescription('La commune est requise')
    expect(input(form, 'Point de repère')).toHaveAccessibleDescription(/Le point de repère est requis/)
    // Dakar has no postcodes: the commune and the landmark say where.
    expect(within(form).queryByLabelText('Code postal')).not.toBeInTheDocument()

    await user.type(input(form, 'Libellé (facultatif)'), 'Bureau')
    await user.type(input(form, 'Téléphone'), '78 000 00 00')
    await user.type(input(form, 'Adresse'), 'Sacré-Cœur 3')
    await user.selectOptions(input(form, 'Commune'), 'yoff')
    await user.type(input(form, 'Point de repère'), 'Derrière la grande mosquée')
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText('Adresse ajoutée avec succès')).toBeVisible()
    expect(posted).toEqual({
      label: 'Bureau',
      firstName: 'Awa',
      lastName: 'Diop',
      phone: '78 000 00 00',
      address: 'Sacré-Cœur 3',
      commune: 'yoff',
      landmark: 'Derrière la grande mosquée',
      isDefault: true,
    })
    expect(screen.queryByRole('dialog', { name: 'Nouvelle adresse' })).not.toBeInTheDocument()
    expect(await screen.findByRole('heading', { level: 3, name: 'Bureau' })).toBeVisible()
  })

  it('edits, makes default and deletes (after confirming)', async () => {
    let list = [address(), address({ id: 'a2', label: 'Bureau', address: 'Mermoz 4', isDefault: false })]
    const calls: string[] = []
    server.use(
      http.get('/api/users/addresses', () => HttpResponse.json({ data: list })),
      http.put('/api/users/addresses/:id', async ({ params, request }) => {
        const body = (await request.json()) as Record<string, unknown>
        calls.push(`put ${String(params.id)} ${String(body.commune)}`)
        list = list.map((a) => (a.id === params.id ? { ...a, ...body } : a))
        return HttpResponse.json({ data: list.find((a) => a.id === params.id) })
      }),
      http.put('/api/users/addresses/:id/default', ({ params }) => {
        calls.push(`default ${String(params.id)}`)
        list = list.map((a) => ({ ...a, isDefault: a.id === params.id }))
        return HttpResponse.json({ data: list.find((a) => a.id === params.id) })
      }),
      http.delete('/api/users/addresses/:id', ({ params }) => {
        calls.push(`delete ${String(params.id)}`)
        list = list.filter((a) => a.id !== params.id)
        return HttpResponse.json({ data: list })
      }),
    )
    const user = userEvent.setup()
    await openAccount('/account?tab=addresses')
    await screen.findByRole('heading', { level: 3, name: 'Bureau' })
    const cards = () => screen.getAllByRole('listitem').filter((li) => li.querySelector('address'))
    expect(within(cards()[0]!).getByText('Par défaut')).toBeVisible()
    expect(cards()[0]!).toHaveTextContent('77 123 45 67')

    // Edit
    await user.click(screen.getByRole('button', { name: 'Modifier l’adresse Bureau' }))
    const form = await within(screen.getByRole('dialog', { name: 'Modifier l’adresse' })).findByRole('form', { name: 'Adresse de livraison' })
    expect(input(form, 'Adresse')).toHaveValue('Mermoz 4')
    expect(input(form, 'Commune')).toHaveValue('medina')
    await user.selectOptions(input(form, 'Commune'), 'pikine-est')
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText('Adresse mise à jour avec succès')).toBeVisible()

    // Default
    await user.click(within(cards()[1]!).getByRole('button', { name: 'Définir par défaut' }))
    expect(await screen.findByText('Adresse par défaut mise à jour')).toBeVisible()
    await waitFor(() => expect(within(cards()[1]!).getByText('Par défaut')).toBeVisible())
    expect(within(cards()[0]!).queryByText('Par défaut')).not.toBeInTheDocument()

    // Delete: cancel, then confirm
    await user.click(screen.getByRole('button', { name: 'Supprimer l’adresse Maison' }))
    const confirm = screen.getByRole('dialog', { name: "Supprimer l'adresse" })
    expect(within(confirm).getByText('Êtes-vous sûr de vouloir supprimer cette adresse ?')).toBeVisible()
    await user.click(within(confirm).getByRole('button', { name: 'Annuler' }))
    expect(calls.filter((c) => c.startsWith('delete'))).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Supprimer l’adresse Maison' }))
    await user.click(screen.getByRole('button', { name: 'Confirmer' }))
    expect(await screen.findByText('Adresse supprimée')).toBeVisible()
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: 'Maison' })).not.toBeInTheDocument())
    expect(calls).toEqual(['put a2 pikine-est', 'default a2', 'delete a1'])
  })

  it("shows the server's field messages in the address form", async () => {
    server.use(
      http.get('/api/users/addresses', () => HttpResponse.json({ data: [] })),
      http.post('/api/users/addresses', () =>
        HttpResponse.json(
          { code: 'validation_failed', message: 'Veuillez choisir une commune de la liste', fields: { commune: 'Veuillez choisir une commune de la liste' } },
          { status: 400 },
        ),
      ),
    )
    const user = userEvent.setup()
    await openAccount('/account?tab=addresses')
    await user.click(await screen.findByRole('button', { name: 'Ajouter une adresse' }))
    const form = await within(screen.getByRole('dialog', { name: 'Nouvelle adresse' })).findByRole('form', { name: 'Adresse de livraison' })
    await user.type(input(form, 'Adresse'), 'Cité Avion')
    await user.selectOptions(input(form, 'Commune'), 'yoff')
    await user.type(input(form, 'Point de repère'), 'Près du rond-point')
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(input(form, 'Commune')).toHaveAccessibleDescription('Veuillez choisir une commune de la liste'))
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument()
  })

  it("says so when the book is full, in the server's words", async () => {
    const full = "Votre carnet d'adresses est plein (20 adresses au plus). Supprimez-en une avant d'en ajouter une nouvelle."
    server.use(
      http.get('/api/users/addresses', () => HttpResponse.json({ data: [] })),
      http.post('/api/users/addresses', () => HttpResponse.json({ code: 'address_book_full', message: full }, { status: 409 })),
    )
    const user = userEvent.setup()
    await openAccount('/account?tab=addresses')
    await user.click(await screen.findByRole('button', { name: 'Ajouter une adresse' }))
    const form = await within(screen.getByRole('dialog', { name: 'Nouvelle adresse' })).findByRole('form', { name: 'Adresse de livraison' })
    await user.type(input(form, 'Adresse'), 'Cité Avion')
    await user.selectOptions(input(form, 'Commune'), 'yoff')
    await user.type(input(form, 'Point de repère'), 'Près du rond-point')
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent(full)
  })
})

describe('orders tab', () => {
  const order = (overrides: Record<string, unknown>) => ({
    id: 'o1',
    orderNumber: 'ORD-123456-7890',
    createdAt: '2025-03-05T10:00:00Z',
    status: 'pending',
    total: 12500,
    subtotal: 11500,
    shippingCost: 1000,
    items: [{ productId: 'p1', name: 'T-shirt', quantity: 2, price: 5750 }],
    shippingInfo: { city: 'Dakar' },
    ...overrides,
  })

  it('lists number, date, status label and total; each row opens the order', async () => {
    let query = ''
    server.use(
      http.get('/api/orders', ({ request }) => {
        query = new URL(request.url).search
        return HttpResponse.json({
          data: [
            order({}),
            order({ id: 'o2', orderNumber: 'ORD-2', status: 'processing', total: 50000 }),
            order({ id: 'o3', orderNumber: 'ORD-3', status: 'shipped' }),
            order({ id: 'o4', orderNumber: 'ORD-4', status: 'delivered' }),
            order({ id: 'o5', orderNumber: 'ORD-5', status: 'cancelled' }),
          ],
          pagination: { page: 1, limit: 10, totalItems: 12, totalPages: 2 },
        })
      }),
    )
    await openAccount('/account?tab=orders')
    const first = await screen.findByRole('link', { name: /ORD-123456-7890/ })
    expect(first).toHaveAttribute('href', '/orders/o1')
    expect(first).toHaveTextContent('5 mars 2025')
    expect(first).toHaveTextContent('En attente')
    expect(first).toHaveTextContent('12 500 FCFA')
    expect(first).toHaveTextContent('2 articles')
    expect(screen.getByRole('link', { name: /ORD-2/ })).toHaveTextContent('En traitement')
    expect(screen.getByRole('link', { name: /ORD-2/ })).toHaveTextContent('50 000 FCFA')
    expect(screen.getByRole('link', { name: /ORD-3/ })).toHaveTextContent('Expédiée')
    expect(screen.getByRole('link', { name: /ORD-4/ })).toHaveTextContent('Livrée')
    expect(screen.getByRole('link', { name: /ORD-5/ })).toHaveTextContent('Annulée')
    expect(query).toBe('?page=1&limit=10')
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/account?tab=orders&page=2')
  })

  it('has an empty state', async () => {
    server.use(http.get('/api/orders', () => HttpResponse.json({ data: [], pagination: { page: 1, limit: 10, totalItems: 0, totalPages: 0 } })))
    await openAccount('/account?tab=orders')
    expect(await screen.findByText('Vous n’avez pas encore passé de commande.')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Découvrir nos produits' })).toHaveAttribute('href', '/products')
  })

  it('says "Impossible de charger vos commandes" in a toast when the list fails', async () => {
    server.use(http.get('/api/orders', () => HttpResponse.json({ code: 'not_found', message: 'Cette adresse n’existe pas.' }, { status: 404 })))
    await openAccount('/account?tab=orders')
    const toasts = screen.getByRole('status', { name: 'Notifications' })
    expect(await within(toasts).findByText('Impossible de charger vos commandes')).toBeVisible()
  })
})
