// Back-in-stock alerts and the catalogue in CSV, in a real browser against the real server
// (docs/rules.md#back-in-stock, #catalogue-in-csv):
// - a shopper without an account asks « Me prévenir » on a sold-out size; the admin sees one
//   person waiting on the product's screen, restocks from the list's quick editor, and the
//   e-mail arrives (aiosmtpd) with the product's link; its unsubscribe link works in the shop;
// - the admin exports the catalogue, imports a file with a bad row (each problem shown, nothing
//   written), then a good one: the preview, the confirmation, the new product in the shop; and
//   downloads the newsletter's subscribers.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { startMailServer, startShop } from './harness.mjs'

const DEMO_ADMIN = { email: 'admin@bitik.sn', password: 'bitik-admin' }
const PRODUCT = { name: 'Sweat Alerte', slug: 'sweat-alerte' }

let shop
let mail
before(async () => {
  mail = await startMailServer()
  // The jobs every second, so that the restock is told at once.
  shop = await startShop({ env: { SMTP_URL: mail.url, SWEEP_SECONDS: '1' } })
})
after(async () => {
  await shop?.stop()
  await mail?.stop()
})

const label = (text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)
const toast = (page, text) => page.getByRole('status', { name: 'Notifications' }).getByText(text)

async function api(method, path, { token, body } = {}) {
  const response = await fetch(`${shop.baseUrl}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, json: await response.json().catch(() => null) }
}

async function adminPage() {
  const page = await shop.newPage()
  const errors = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto('/login')
  const form = page.getByRole('form', { name: 'Connexion' })
  await form.getByLabel(label('Email')).fill(DEMO_ADMIN.email)
  await form.getByLabel(label('Mot de passe')).fill(DEMO_ADMIN.password)
  await form.getByRole('button', { name: 'Se connecter' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  return { page, errors }
}

test('« Me prévenir » on a sold-out size: the admin sees the demand, restocks, and the e-mail arrives once', async () => {
  const login = await api('POST', '/auth/login', { body: DEMO_ADMIN })
  const token = login.json.data.token
  const created = await api('POST', '/products', {
    token,
    body: {
      name: PRODUCT.name, description: 'Molleton épais.', price: 15_000, category: 'vetement', subcategory: 'pull',
      colors: ['noir'], sizes: ['M', 'L'], stock: { noir: { M: 0, L: 3 } },
    },
  })
  assert.equal(created.status, 201, JSON.stringify(created.json))
  const id = created.json.data.id

  // 1. A shopper, no account: M is sold out, the page offers « Me prévenir ».
  const shopper = await shop.newPage({ mobile: true })
  const shopperErrors = []
  shopper.on('pageerror', (error) => shopperErrors.push(error.message))
  await shopper.goto(`/product/${PRODUCT.slug}`)
  await shopper.getByRole('heading', { level: 1, name: PRODUCT.name }).waitFor()
  await shopper.getByText('Votre taille est épuisée ?').waitFor()
  await shopper.getByRole('button', { name: 'Me prévenir' }).click()
  const form = shopper.getByRole('form', { name: 'Être prévenu du retour en stock' })
  assert.deepEqual(await form.getByLabel('Taille épuisée').locator('option').allTextContents(), ['M'])
  await form.getByLabel('Adresse e-mail').fill('pas-une-adresse')
  await form.getByRole('button', { name: 'Me prévenir' }).click()
  await form.getByText('Veuillez entrer une adresse email valide').waitFor()
  await form.getByLabel('Adresse e-mail').fill('fatou@example.sn')
  await form.getByLabel('Téléphone (facultatif)').fill('77 123 45 67')
  await form.getByRole('button', { name: 'Me prévenir' }).click()
  await form.getByText("C'est noté").waitFor()

  // 2. The admin sees one person waiting for black M, and restocks it from the list.
  const { page, errors } = await adminPage()
  await page.goto(`/admin/products/edit/${id}`)
  await page.getByRole('tab', { name: 'Couleurs, tailles et stock' }).click()
  await page.getByText('Noir, taille M : 1 personne attend').waitFor()
  await page.goto(`/admin/products?search=${encodeURIComponent('Sweat Alerte')}`)
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: PRODUCT.name, exact: true }) })
  await row.getByRole('button', { name: `Modifier le stock de ${PRODUCT.name}` }).click()
  const dialog = page.getByRole('dialog', { name: `Stock – ${PRODUCT.name}` })
  await dialog.getByLabel('Stock noir M').fill('4')
  await dialog.getByLabel('Raison').selectOption('recount')
  await dialog.getByRole('button', { name: 'Enregistrer le stock' }).click()
  await toast(page, 'Stock mis à jour avec succès').waitFor()

  // 3. The e-mail arrives, once, with the product's link and an unsubscribe link.
  const [message] = await mail.waitFor(1)
  assert.match(message, /^To: fatou@example\.sn/m)
  assert.match(message, /Sweat Alerte est de retour en stock/)
  assert.ok(message.includes(`${shop.baseUrl}/product/${PRODUCT.slug}`), 'the product link')
  await new Promise((r) => setTimeout(r, 3_000))
  assert.equal(mail.mails().length, 1, 'told once')
  await page.goto(`/admin/products/edit/${id}`)
  await page.getByRole('tab', { name: 'Couleurs, tailles et stock' }).click()
  await page.getByText('Personne n’attend de retour en stock pour ce produit.').waitFor()

  // 4. Its unsubscribe link, in the shop: one tap, and again.
  const link = message.match(/\/alerts\/unsubscribe\/([0-9a-f-]{36})/)
  assert.ok(link, 'an unsubscribe link')
  await shopper.goto(`/alerts/unsubscribe/${link[1]}`)
  await shopper.getByRole('button', { name: 'Ne plus recevoir ces alertes' }).click()
  await shopper.getByText("Vous ne recevrez plus d'alertes").waitFor()
  assert.deepEqual(shopperErrors, [])
  assert.deepEqual(errors, [])
})

test('the admin exports the catalogue, sees a bad file’s rows refused, then previews and imports a good one', async () => {
  const { page, errors } = await adminPage()
  await page.goto('/admin/products')
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exporter (CSV)' }).click(),
  ])
  assert.equal(download.suggestedFilename(), 'produits.csv')
  const exported = readFileSync(await download.path(), 'utf8')
  const [header, ...rows] = exported.trim().split('\r\n')
  assert.ok(header.startsWith('slug,name,shortDescription,description,price,promoPrice,onPromotion,'), header)
  assert.ok(rows.some((r) => r.startsWith('t-shirt-teranga-oversize,')), 'the seeded catalogue, one row per variant')

  const upload = async (name, text) => {
    await page.locator('#catalog-import-file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) })
    return page.getByRole('dialog', { name: 'Importer le catalogue' })
  }
  // A bad row: nothing is written, each problem is shown with its line and column.
  // slug … stock, then images, imageColors, material, careInstructions, featured, active.
  const newRow = ',Casquette Import,,Toile épaisse.,7000,,non,accessoire,chaine,noir,,6,,,,,non,oui'
  let dialog = await upload('mauvais.csv', `${header}\r\n${newRow.replace('7000', 'sept mille')}\r\n`)
  await dialog.getByText("Le fichier contient une erreur : rien n'a été importé.").waitFor()
  const problem = dialog.getByRole('row').filter({ hasText: 'Un nombre entier de francs est attendu' })
  assert.deepEqual((await problem.getByRole('cell').allTextContents()).slice(0, 2), ['2', 'price'])
  await dialog.getByRole('button', { name: 'Annuler' }).click()

  // The export with one more product: the preview says what changes, the confirmation writes it.
  dialog = await upload('catalogue.csv', `${exported.trimEnd()}\r\n${newRow}\r\n`)
  await dialog.getByText(/Aperçu\s: 1 produit\(s\) créé\(s\), 0 modifié\(s\)/).waitFor()
  await dialog.getByRole('row').filter({ hasText: 'casquette-import' }).getByText('Créé').waitFor()
  await dialog.getByRole('button', { name: 'Confirmer l’import' }).click()
  await toast(page, 'Catalogue importé : 1 créé(s), 0 modifié(s).').waitFor()
  const imported = await api('GET', '/products/casquette-import')
  assert.equal(imported.status, 200)
  assert.equal(imported.json.data.stock.noir.unique, 6)

  // The newsletter's subscribers, from the users' screen.
  await api('POST', '/newsletter', { body: { email: 'abonne@example.sn' } })
  await page.goto('/admin/users')
  const [newsletter] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exporter la newsletter (CSV)' }).click(),
  ])
  const subscribers = readFileSync(await newsletter.path(), 'utf8')
  assert.ok(subscribers.startsWith('email,subscribedAt\r\n'), subscribers)
  assert.ok(subscribers.includes('abonne@example.sn,'), subscribers)
  assert.deepEqual(errors, [])
})
