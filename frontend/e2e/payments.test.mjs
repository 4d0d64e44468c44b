// Wave in a real browser against the real server in test mode: no WAVE_API_KEY, so
// the server's simulator stands in for Wave's checkout page. A customer orders with Wave, pays on
// the simulator and lands on the success page, which shows the order the server marked paid;
// /orders shows it paid and in progress. Then the fail path: the error page says why.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { startShop } from './harness.mjs'

const DEMO_CUSTOMER = { email: 'client@bitik.sn', password: 'bitik-client' }
// Seeded (crates/demo/src/catalog.json): the Yoff tee at 8 000 FCFA (promotion); white M has 22 units.
const PRODUCT = { slug: 't-shirt-yoff-surf-club', name: 'T-shirt Yoff Surf Club' }
const SCREENSHOTS = process.env.E2E_SCREENSHOTS

let shop
before(async () => {
  shop = await startShop()
})
after(async () => {
  await shop?.stop()
})

const label = (text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)

async function screenshot(page, name) {
  if (!SCREENSHOTS) return
  mkdirSync(SCREENSHOTS, { recursive: true })
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })
}

function collectErrors(page) {
  const errors = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  page.on('response', (response) => response.status() >= 400 && errors.push(`${response.status()} ${response.url()}`))
  return errors
}

async function logIn(page) {
  await page.goto('/login')
  const login = page.getByRole('form', { name: 'Connexion' })
  await login.getByLabel(label('Email')).fill(DEMO_CUSTOMER.email)
  await login.getByLabel(label('Mot de passe')).fill(DEMO_CUSTOMER.password)
  await login.getByRole('button', { name: 'Se connecter' }).click()
  await page.waitForURL((url) => url.pathname === '/')
}

/**
 * From the product page to the Wave panel: adds the tee, fills the address, keeps Wave (the
 * default) and confirms. The simulator's page is held back until the panel has been read, then
 * let through. Returns the order number shown on the panel, once the simulator page is open.
 */
async function orderWithWave(page) {
  await page.goto(`/product/${PRODUCT.slug}`)
  await page.getByRole('heading', { level: 1, name: PRODUCT.name }).waitFor()
  await page.getByRole('radio', { name: 'Blanc' }).check()
  await page.getByRole('group', { name: 'Taille' }).getByRole('radio', { name: 'M', exact: true }).check()
  await page.getByRole('button', { name: 'Ajouter au panier' }).click()
  await page.getByRole('dialog', { name: 'Votre panier' }).getByRole('link', { name: 'Commander' }).click()
  await page.waitForURL('**/checkout')
  const delivery = page.getByRole('form', { name: 'Adresse de livraison' })
  await delivery.getByRole('combobox', { name: 'Commune', exact: true }).selectOption({ label: 'Parcelles Assainies' })
  await delivery.getByRole('textbox', { name: 'Adresse', exact: true }).fill('Unité 15, villa 210')
  await delivery.getByRole('textbox', { name: 'Point de repère', exact: true }).fill('Près du terminus des bus')
  await page.getByTestId('shipping-fee-standard').filter({ hasText: 'FCFA' }).waitFor()
  await page.getByRole('button', { name: 'Suivant' }).click()
  await page.getByRole('heading', { level: 2, name: 'Mode de paiement' }).waitFor()
  assert.ok(await page.getByRole('radio', { name: /^Wave/ }).isChecked())
  await page.getByRole('button', { name: 'Suivant' }).click()
  await page.getByRole('heading', { level: 2, name: 'Récapitulatif de la commande' }).waitFor()
  const total = (await page.getByTestId('order-total').textContent()).trim()

  // Wave's page opens half a second after the panel: hold it until the panel is checked.
  let release
  const held = new Promise((resolve) => (release = resolve))
  const simulatorPage = '**/api/payments/wave/simulator/cos-*'
  await page.route(simulatorPage, async (route) => {
    await held
    await route.continue()
  })
  await page.getByRole('button', { name: 'Confirmer la commande' }).click()
  await page.getByRole('heading', { level: 1, name: 'Paiement Wave' }).waitFor()
  await page.getByRole('note').filter({ hasText: 'Mode de test activé : le paiement est simulé.' }).waitFor()
  const orderNumber = (await page.getByTestId('wave-order-number').textContent()).trim()
  assert.match(orderNumber, /^ORD-\d{10}$/)
  assert.equal((await page.getByTestId('wave-amount').textContent()).trim(), total)
  const pending = await page.evaluate(() => JSON.parse(localStorage.getItem('pendingPayment')))
  assert.match(pending.sessionId, /^cos-/)
  await screenshot(page, 'wave-1-panel')
  release()
  await page.waitForURL('**/api/payments/wave/simulator/cos-*')
  await page.unroute(simulatorPage)
  await page.getByRole('heading', { level: 1, name: 'Paiement Wave simulé' }).waitFor()
  return { orderNumber, total, pending }
}

test('phone: checkout with Wave → simulator → pay → success page → /orders shows it paid and in progress', async () => {
  const page = await shop.newPage({ mobile: true })
  const errors = collectErrors(page)
  await logIn(page)
  const { orderNumber, total, pending } = await orderWithWave(page)
  await screenshot(page, 'wave-2-simulator')

  // The tester pays: the simulator sends the signed webhook, then Wave's return address.
  await page.getByRole('button', { name: /^Payer/ }).click()
  await page.waitForURL((url) => url.pathname === '/payment-success' && url.searchParams.get('orderId') === pending.orderId)
  await page.getByRole('heading', { level: 1, name: 'Paiement réussi !' }).waitFor()
  assert.equal((await page.getByTestId('payment-order-number').textContent()).trim(), orderNumber)
  assert.equal((await page.getByTestId('payment-total').textContent()).trim(), total)
  assert.match((await page.getByTestId('payment-date').textContent()).trim(), /^\d{1,2} \S+ \d{4}/)
  assert.equal(await page.evaluate(() => localStorage.getItem('pendingPayment')), null)
  await screenshot(page, 'wave-3-success')

  // /orders: paid and in progress, as the server says (the list is read afresh).
  await page.getByRole('link', { name: 'Voir mes commandes' }).click()
  await page.waitForURL('**/orders')
  const row = page.getByRole('link', { name: new RegExp(orderNumber) })
  await row.waitFor()
  assert.match(await row.textContent(), /En traitement/)
  assert.equal((await row.getByTestId('order-row-payment').textContent()).replace('·', '').trim(), 'Payée')
  await row.click()
  await page.getByTestId('order-status').filter({ hasText: 'En traitement' }).waitFor()
  assert.equal((await page.getByTestId('order-payment-status').textContent()).trim(), 'Payée')
  assert.equal((await page.getByTestId('order-payment-method').textContent()).trim(), 'Wave')
  await screenshot(page, 'wave-4-order')

  assert.deepEqual(errors, [])
  await page.context().close()
})

test('the fail path: the simulator refuses → error page with its explanation; the order waits, unpaid', async () => {
  const page = await shop.newPage({ mobile: true })
  const errors = collectErrors(page)
  await logIn(page)
  const { orderNumber, pending } = await orderWithWave(page)

  await page.getByRole('button', { name: 'Échouer' }).click()
  await page.waitForURL((url) => url.pathname === '/payment-error' && url.searchParams.get('errorCode') === 'payment_failed')
  await page.getByRole('heading', { level: 1, name: 'Le paiement n’a pas abouti' }).waitFor()
  assert.equal(
    (await page.getByTestId('payment-error-message').textContent()).trim(),
    "Le paiement Wave n'a pas abouti. Aucun montant n'a été débité.",
  )
  // The server was asked: the order still waits for its payment and can be paid again.
  await page.getByText(`Votre commande ${orderNumber} attend toujours son paiement.`, { exact: false }).waitFor()
  await page.getByRole('button', { name: 'Réessayer le paiement' }).waitFor()
  assert.equal(await page.getByRole('link', { name: 'Voir ma commande' }).getAttribute('href'), `/orders/${pending.orderId}`)
  assert.equal(await page.getByRole('link', { name: 'Retour au panier' }).getAttribute('href'), '/cart')
  assert.equal(await page.getByRole('link', { name: 'Contacter le service client' }).getAttribute('href'), '/contact')
  // payment_failed is not a code the watcher recovers: the record is gone.
  assert.equal(await page.evaluate(() => localStorage.getItem('pendingPayment')), null)
  await screenshot(page, 'wave-5-error')

  await page.getByRole('link', { name: 'Voir ma commande' }).click()
  await page.getByTestId('order-status').filter({ hasText: 'En attente' }).waitFor()
  assert.equal((await page.getByTestId('order-payment-status').textContent()).trim(), 'En attente de paiement')

  assert.deepEqual(errors, [])
  await page.context().close()
})

test('visiting /payment-success alone shows nothing paid and goes home', async () => {
  const page = await shop.newPage()
  const errors = collectErrors(page)
  await page.goto('/payment-success')
  await page.waitForURL((url) => url.pathname === '/')
  await page.getByText('Accès non autorisé à la page de confirmation').waitFor()
  assert.deepEqual(errors, [])
  await page.context().close()
})
