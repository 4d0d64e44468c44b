// Cash on delivery the way Dakar works, in a real browser against the real server: the demo
// customer orders with cash on delivery; the admin opens the WhatsApp request (its link carries
// the order, the total and the signed confirmation link); the shopper confirms through that link
// without logging in; the order ships with its courier, is refused at the door, the admin marks
// the parcel returned, its stock comes back, and the phone's record shows one refusal.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { startShop } from './harness.mjs'

const DEMO_ADMIN = { email: 'admin@bitik.sn', password: 'bitik-admin' }
const DEMO_CUSTOMER = { email: 'client@bitik.sn', password: 'bitik-client' }
// Seeded (crates/demo/src/catalog.json).
const PRODUCT = { slug: 't-shirt-teranga-oversize' }
const SCREENSHOTS = process.env.E2E_SCREENSHOTS

let shop
before(async () => {
  shop = await startShop()
})
after(async () => {
  await shop?.stop()
})

const label = (text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)
const toast = (page, text) => page.getByRole('status', { name: 'Notifications' }).getByText(text)

async function screenshot(page, name) {
  if (!SCREENSHOTS) return
  mkdirSync(SCREENSHOTS, { recursive: true })
  await page.screenshot({ path: join(SCREENSHOTS, `cod-${name}.png`), fullPage: true })
}

function collectErrors(page) {
  const errors = []
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

async function api(method, path, { token, body } = {}) {
  const response = await fetch(`${shop.baseUrl}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, json: await response.json().catch(() => null) }
}

/** As the back office reads it: the storefront's cache hears of a write a moment after it. */
async function stockOf(color, size, token) {
  const { json } = await api('GET', `/products/${PRODUCT.slug}?scope=admin`, { token })
  return json.data.stock[color][size]
}

async function logIn(page, { email, password }) {
  await page.goto('/login')
  const form = page.getByRole('form', { name: 'Connexion' })
  await form.getByLabel(label('Email')).fill(email)
  await form.getByLabel(label('Mot de passe')).fill(password)
  await form.getByRole('button', { name: 'Se connecter' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
}

test('desktop: order with cash on delivery → WhatsApp request → confirmed by the signed link → shipped → refused → returned, stock back, one refusal on the phone', async () => {
  // 1. The demo customer orders with cash on delivery.
  const shopper = await shop.newPage()
  const shopperErrors = collectErrors(shopper)
  await logIn(shopper, DEMO_CUSTOMER)
  await shopper.goto(`/product/${PRODUCT.slug}`)
  await shopper.getByRole('group', { name: 'Taille' }).getByRole('radio', { name: 'S', exact: true }).check()
  await shopper.getByRole('button', { name: 'Ajouter au panier' }).click()
  await shopper.getByRole('dialog', { name: 'Votre panier' }).getByRole('link', { name: 'Commander' }).click()
  await shopper.waitForURL('**/checkout')
  const delivery = shopper.getByRole('form', { name: 'Adresse de livraison' })
  // Médina, in Dakar ville: its fee is said before the order.
  await delivery.getByRole('combobox', { name: label('Commune') }).selectOption({ label: 'Médina' })
  assert.equal((await shopper.getByTestId('shipping-fee-standard').textContent()).trim(), '1 500 FCFA')
  await delivery.getByRole('textbox', { name: 'Adresse', exact: true }).fill('Rue 10, villa 4')
  await delivery.getByRole('textbox', { name: label('Point de repère') }).fill('Près de la mosquée')
  await shopper.getByRole('button', { name: 'Suivant' }).click()
  await shopper.getByRole('radio', { name: /^Paiement à la livraison/ }).check()
  await shopper.getByRole('button', { name: 'Suivant' }).click()
  await shopper.getByRole('button', { name: 'Confirmer la commande' }).click()
  const orderNumber = (await shopper.getByTestId('order-number').textContent()).trim()

  const admin = await shop.newPage()
  const adminErrors = collectErrors(admin)
  await logIn(admin, DEMO_ADMIN)
  const login = await api('POST', '/auth/login', { body: DEMO_ADMIN })
  const adminToken = login.json.data.token
  const found = await api('GET', `/admin/orders?search=${orderNumber}`, { token: adminToken })
  const order = found.json.data[0]
  assert.equal(order.confirmation, 'awaiting')
  const [{ color, size, quantity }] = order.items
  const stockAfterOrder = await stockOf(color, size, adminToken)

  // 2. The admin asks for the confirmation on WhatsApp: wa.me on the E.164 number without +.
  await admin.goto(`/admin/orders/${order.id}`)
  await admin.getByRole('heading', { level: 1, name: `Commande ${orderNumber}` }).waitFor()
  await admin.getByTestId('confirmation-state').filter({ hasText: 'À confirmer' }).waitFor()
  const whatsapp = admin.getByRole('link', { name: 'Demander la confirmation sur WhatsApp' })
  const href = await whatsapp.getAttribute('href')
  const url = new URL(href)
  assert.equal(url.origin + url.pathname, `https://wa.me/${order.shippingInfo.phone.replace('+', '')}`)
  assert.match(href, /^https:\/\/wa\.me\/221\d{9}\?text=/)
  // The words of the e-mail asking for the confirmation (the server renders both).
  const text = url.searchParams.get('text')
  assert.match(text, new RegExp(`commande ${orderNumber}`))
  assert.match(text, /Total à payer à la livraison : [\d ]+ FCFA/)
  assert.match(text, /Livraison : Standard, Rue 10, villa 4, Médina \(repère : Près de la mosquée\)/)
  const messages = await api('GET', `/admin/orders/${order.id}/messages`, { token: adminToken })
  const request = messages.json.data.find((m) => m.kind === 'confirmation_asked')
  assert.equal(text, request.text, 'the WhatsApp request says what the e-mail says')
  const link = text.match(/https?:\/\/\S+\/confirm\/[0-9a-f]{64}/)?.[0]
  assert.ok(link, `the signed link in: ${text}`)
  assert.equal(await admin.getByRole('form', { name: 'Statut' }).count(), 1)
  await screenshot(admin, 'awaiting')

  // 3. The shopper confirms through the link, without logging in (a browser of its own).
  const phone = await shop.newPage({ mobile: true })
  const phoneErrors = collectErrors(phone)
  await phone.goto(new URL(link).pathname)
  await phone.getByRole('heading', { level: 1, name: 'Confirmer votre commande' }).waitFor()
  await phone.getByRole('button', { name: 'Confirmer ma commande' }).click()
  await phone.getByRole('heading', { level: 1, name: 'Commande confirmée' }).waitFor()
  await phone.getByText(new RegExp(`Votre commande ${orderNumber} est confirmée`)).waitFor()
  await screenshot(phone, 'confirmed-by-link')
  // The link serves once: opened again, it says the order is confirmed and asks nothing more.
  await phone.reload()
  await phone.getByText(new RegExp(`Votre commande ${orderNumber} est déjà confirmée`)).waitFor()
  assert.equal(await phone.getByRole('button', { name: 'Confirmer ma commande' }).count(), 0)

  // 4. The admin sees it confirmed by the customer, ships it with its courier.
  await admin.reload()
  await admin.getByTestId('confirmation-state').filter({ hasText: 'Confirmée' }).waitFor()
  const history = admin.getByRole('list', { name: 'Historique des statuts' })
  await history.getByText('Commande confirmée par le client (lien de confirmation)').waitFor()
  assert.equal(await admin.getByRole('link', { name: 'Demander la confirmation sur WhatsApp' }).count(), 0)
  const status = admin.getByRole('form', { name: 'Statut' })
  await status.getByLabel('Nouveau statut').selectOption({ label: 'Expédiée' })
  await status.getByRole('button', { name: 'Mettre à jour le statut' }).click()
  await admin.getByRole('dialog', { name: 'Changer le statut' }).getByRole('button', { name: 'Changer le statut' }).click()
  await toast(admin, 'Statut de la commande mis à jour').waitFor()
  const courier = admin.getByRole('form', { name: 'Livreur' })
  await courier.getByLabel('Nom du livreur').fill('Modou Fall')
  await courier.getByLabel('Téléphone du livreur').fill('77 000 11 22')
  await courier.getByRole('button', { name: 'Enregistrer le livreur' }).click()
  await toast(admin, 'Livreur enregistré').waitFor()

  // The customer sees who brings the parcel.
  await shopper.goto(`/orders/${order.id}`)
  await shopper.getByTestId('order-courier').filter({ hasText: 'Livreur : Modou Fall · 77 000 11 22' }).waitFor()

  // 5. Refused at the door; the stock stays out until the parcel is back.
  await status.getByLabel('Nouveau statut').selectOption({ label: 'Refusée à la livraison' })
  await status.getByRole('button', { name: 'Mettre à jour le statut' }).click()
  await admin.getByRole('dialog', { name: 'Changer le statut' }).getByRole('button', { name: 'Changer le statut' }).click()
  await toast(admin, 'Statut de la commande mis à jour').waitFor()
  assert.equal(await stockOf(color, size, adminToken), stockAfterOrder)
  await admin.getByRole('button', { name: 'Colis retourné à la boutique' }).click()
  await admin.getByRole('dialog', { name: 'Colis retourné' }).getByRole('button', { name: 'Remettre en stock' }).click()
  await toast(admin, 'Colis retourné : articles remis en stock').waitFor()
  await admin.getByText(/Colis revenu à la boutique le/).first().waitFor()
  assert.equal(await stockOf(color, size, adminToken), stockAfterOrder + quantity, 'the stock came back')
  await history.getByText('Colis revenu à la boutique : articles remis en stock').waitFor()

  // 6. The phone's record shows the refusal.
  const record = admin.getByRole('region', { name: 'Historique du numéro' })
  await record.getByTestId('phone-refused').filter({ hasText: '1' }).waitFor()
  assert.equal((await record.getByTestId('phone-delivered').textContent()).trim(), '0')
  assert.equal((await record.getByTestId('phone-cod').textContent()).trim(), 'Proposé', 'one refusal: still offered')
  await screenshot(admin, 'returned')

  await shopper.goto(`/orders/${order.id}`)
  await shopper.getByTestId('order-status').filter({ hasText: 'Refusée à la livraison' }).waitFor()
  assert.deepEqual([...shopperErrors, ...adminErrors, ...phoneErrors], [])
})
