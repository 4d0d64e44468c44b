// Accounts in a real browser against the real server: registering, logging in and out,
// the profile, the password, and the guards. Phone-sized and desktop viewports where the layout
// differs (the header menu, the account tabs).
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { startShop } from './harness.mjs'

const DEMO_CUSTOMER = { email: 'client@bitik.sn', password: 'bitik-client', firstName: 'Awa' }

let shop
before(async () => {
  shop = await startShop()
})
after(async () => {
  await shop?.stop()
})

/** Labels carry a '*' for required fields: match the start of the accessible name. */
const label = (text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)

async function logIn(page, email, password) {
  const form = page.getByRole('form', { name: 'Connexion' })
  await form.getByLabel(label('Email')).fill(email)
  await form.getByLabel(label('Mot de passe')).fill(password)
  await form.getByRole('button', { name: 'Se connecter' }).click()
}

async function openUserMenu(page, firstName) {
  await page.getByRole('button', { name: `Compte de ${firstName}` }).click()
}

for (const mobile of [true, false]) {
  const viewport = mobile ? 'phone' : 'desktop'

  test(`${viewport}: register, logged in at once → profile → password → logout → login with the new password`, async () => {
    const page = await shop.newPage({ mobile })
    const errors = []
    page.on('pageerror', (error) => errors.push(error.message))
    const email = `awa.${randomUUID().slice(0, 8)}@example.sn`

    // Register from the header's Connexion link, then the Inscription tab.
    await page.goto('/')
    await page.getByRole('link', { name: 'Connexion' }).first().click()
    await page.waitForURL('**/login')
    await page.getByRole('tab', { name: 'Inscription' }).click()
    await page.waitForURL('**/register')
    const register = page.getByRole('form', { name: 'Inscription' })
    // The rules speak before the server is asked.
    await register.getByRole('button', { name: 'Créer mon compte' }).click()
    await register.getByText('Veuillez corriger les erreurs dans le formulaire.').waitFor()
    await register.getByText('Le prénom est requis').waitFor()
    await register.getByLabel(label('Prénom')).fill('Awa')
    await register.getByLabel(label('Nom')).fill('Ndiaye')
    await register.getByLabel(label('Email')).fill(email)
    await register.getByLabel(label('Téléphone')).fill('77 123 45 67')
    await register.getByLabel(label('Mot de passe')).fill('premier-secret')
    await register.getByLabel(label('Confirmer le mot de passe')).fill('premier-secre')
    await register.getByLabel(label('Confirmer le mot de passe')).blur()
    await register.getByText('Les mots de passe ne correspondent pas').waitFor()
    await register.getByLabel(label('Confirmer le mot de passe')).fill('premier-secret')
    await register.getByRole('button', { name: 'Créer mon compte' }).click()

    // Logged in at once, and taken where a login goes (home, here).
    await page.waitForURL((url) => url.pathname === '/')
    await page.getByText('Inscription réussie ! Bienvenue, Awa !').waitFor()
    assert.ok(await page.evaluate(() => localStorage.getItem('token')))
    // The address changes at once, the page when the home page's code has come: a menu opened
    // before would be closed by the change of page, as every menu is.
    await register.waitFor({ state: 'detached' })
    await openUserMenu(page, 'Awa')
    await page.getByRole('link', { name: 'Mon compte' }).first().click()
    await page.waitForURL('**/account')

    // Profile: a new first name shows in the header menu.
    const profile = page.getByRole('form', { name: 'Mes informations' })
    assert.equal(await profile.getByLabel('Email').inputValue(), email)
    assert.ok(await profile.getByLabel('Email').getAttribute('readonly') !== null)
    await profile.getByLabel(label('Prénom')).fill('Aminata')
    // Where parcels go is the address book's: no postcode, no country here.
    assert.equal(await page.getByRole('main').getByText(/Code postal|Pays/).count(), 0)
    await page.getByRole('region', { name: 'Adresse de livraison' }).getByText('Aucune adresse de livraison enregistrée.').waitFor()
    await profile.getByRole('button', { name: 'Enregistrer les modifications' }).click()
    await page.getByText('Profil mis à jour avec succès').waitFor()
    await page.getByRole('button', { name: 'Compte de Aminata' }).waitFor()
    await page.reload()
    assert.equal(await page.getByRole('form', { name: 'Mes informations' }).getByLabel(label('Prénom')).inputValue(), 'Aminata')

    // Password: wrong current one first, then the right one.
    await page.getByRole('navigation', { name: 'Mon compte' }).getByRole('link', { name: 'Mot de passe' }).click()
    await page.waitForURL('**/account?tab=password')
    const password = page.getByRole('form', { name: 'Changer mon mot de passe' })
    await password.getByLabel(label('Mot de passe actuel')).fill('pas-le-bon')
    await password.getByLabel(label('Nouveau mot de passe')).fill('second-secret')
    await password.getByLabel(label('Confirmer le nouveau mot de passe')).fill('second-secret')
    await password.getByRole('button', { name: 'Mettre à jour le mot de passe' }).click()
    await password.getByText('Mot de passe actuel incorrect').waitFor()
    await password.getByLabel(label('Mot de passe actuel')).fill('premier-secret')
    await password.getByRole('button', { name: 'Mettre à jour le mot de passe' }).click()
    await page.getByText('Mot de passe mis à jour avec succès').waitFor()
    // The new token works: a reload keeps the session.
    await page.reload()
    await page.getByRole('heading', { level: 1, name: 'Mon compte' }).waitFor()
    assert.equal(page.url(), `${shop.baseUrl}/account?tab=password`)

    // Logout asks first.
    await openUserMenu(page, 'Aminata')
    await page.getByRole('button', { name: 'Déconnexion' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Déconnexion' })
    await dialog.getByText('Êtes-vous sûr de vouloir vous déconnecter ?').waitFor()
    await dialog.getByRole('button', { name: 'Confirmer' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await page.getByRole('link', { name: 'Connexion' }).first().waitFor()
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null)

    // The old password no longer works; the new one does.
    await page.goto('/login')
    await logIn(page, email, 'premier-secret')
    await page.getByRole('form', { name: 'Connexion' }).getByText('Email ou mot de passe incorrect').waitFor()
    await logIn(page, email, 'second-secret')
    await page.waitForURL((url) => url.pathname === '/')
    await page.getByRole('button', { name: 'Compte de Aminata' }).waitFor()
    assert.deepEqual(errors, [])
    await page.context().close()
  })

  test(`${viewport}: a visitor opening /account lands on /login and comes back after logging in`, async () => {
    const page = await shop.newPage({ mobile })
    await page.goto('/account?tab=addresses')
    await page.waitForURL('**/login')
    await page.getByRole('tab', { name: 'Connexion', selected: true }).waitFor()
    await logIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)
    await page.waitForURL('**/account?tab=addresses')
    await page.getByRole('heading', { name: 'Mes adresses' }).waitFor()
    // A logged-in shopper sent to /login goes back where they were.
    await page.goto('/login')
    await page.waitForURL((url) => url.pathname === '/')
    await page.context().close()
  })
}

test('the address book: add, make default, delete after confirming', async () => {
  const page = await shop.newPage({ mobile: true })
  await page.goto('/login')
  await logIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)
  await page.waitForURL((url) => url.pathname === '/')
  await page.goto('/account?tab=addresses')
  const label1 = `Bureau ${randomUUID().slice(0, 4)}`
  await page.getByRole('button', { name: 'Ajouter une adresse' }).click()
  const dialog = page.getByRole('dialog', { name: 'Nouvelle adresse' })
  await dialog.getByLabel('Libellé (facultatif)').fill(label1)
  await dialog.getByRole('textbox', { name: label('Adresse') }).fill('Sacré-Cœur 3, villa 21')
  await dialog.getByRole('combobox', { name: label('Commune') }).selectOption({ label: 'Mermoz-Sacré-Cœur' })
  await dialog.getByRole('textbox', { name: label('Point de repère') }).fill('Près de la boulangerie Jaune')
  await dialog.getByRole('button', { name: 'Enregistrer' }).click()
  await page.getByText('Adresse ajoutée avec succès').waitFor()
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: label1 }) })
  await card.waitFor()
  assert.match(await card.textContent(), /Mermoz-Sacré-Cœur/)
  // « : » follows a no-break space (French typography).
  assert.match((await card.textContent()).replace(/\s+/g, ' '), /Point de repère : Près de la boulangerie Jaune/)
  if (await card.getByRole('button', { name: 'Définir par défaut' }).count()) {
    await card.getByRole('button', { name: 'Définir par défaut' }).click()
    await card.getByText('Par défaut').waitFor()
  }
  await card.getByRole('button', { name: /^Supprimer/ }).click()
  await page.getByRole('dialog', { name: "Supprimer l'adresse" }).getByRole('button', { name: 'Confirmer' }).click()
  await page.getByText('Adresse supprimée').waitFor()
  await card.waitFor({ state: 'detached' })
  await page.context().close()
})

test('a customer opening /admin gets /unauthorized', async () => {
  const page = await shop.newPage()
  await page.goto('/admin')
  await page.waitForURL('**/login')
  await logIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)
  await page.waitForURL('**/unauthorized')
  await page.getByText('Cette section est réservée à l’équipe de la boutique.').waitFor()
  await page.context().close()
})
