// Pay from the order page and refund, in a real browser against the real server in test mode
// (the server's simulator stands in for Wave): a customer orders with Wave and leaves without
// paying, comes back to /orders/{id} and pays with « Payer avec Wave » on the simulator; the
// admin ships it with a note for the team only, then refunds it (Wave refunds the whole, the
// simulator too), which cancels it and puts its unit back; the customer's order reads « Annulée »
// and « Remboursée », signed by the shop's team, without the team's note or names; the day's
// report in « Caisse » shows the payment and the refund.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { startShop } from './harness.mjs'

const DEMO_CUSTOMER = { email: 'client@bitik.sn', password: 'bitik-client' }
const DEMO_ADMIN = { email: 'admin@bitik.sn', password: 'bitik-admin' }
// Seeded (crates/demo/src/catalog.json): the Yoff tee at 8 000 FCFA (promotion); white M has 22 units.
const PRODUCT = { slug: 't-shirt-yoff-surf-club', name: 'T-shirt Yoff Surf Club' }
const SCREENSHOTS = process.env.E2E_SCREENSHOTS
// What the team writes for itself, and the demo admin's name: neither reaches the customer.
const INTERNAL_NOTE = 'Cliente difficile, rappeler après 18 h'
const ADMIN_NAME = 'Mariama'

/** Units of the tee's white M, as the storefront reads them, once they read `expected`. */
async function whiteM(page, expected) {
  for (let tries = 0; ; tries++) {
    const response = await page.request.get(`/api/products/${PRODUCT.slug}`)
    const units = (await response.json()).data.stock.blanc.M
    if (units === expected || expected === undefined || tries === 50) return units
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

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

async function logIn(page, who = DEMO_CUSTOMER) {
  await page.goto('/login')
  const login = page.getByRole('form', { name: 'Connexion' })
  await login.getByLabel(label('Email')).fill(who.email)
  await login.getByLabel(label('Mot de passe')).fill(who.password)
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

/** Today's row of « Jour par jour » (newest first), by column heading, as the admin reads it. */
async function todayFigures(page) {
  const days = page.getByRole('region', { name: 'Jour par jour' })
  const headings = (await days.getByRole('columnheader').allTextContents()).map((cell) => cell.trim())
  const row = days.getByRole('row').nth(1)
  const cells = [await row.getByRole('rowheader').textContent(), ...(await row.getByRole('cell').allTextContents())]
  return Object.fromEntries(headings.map((heading, i) => [heading, cells[i].trim()]))
}

test('an unpaid Wave order is paid from its page, the admin refunds it, the customer sees « Remboursée », the day’s report shows both', async () => {
  const page = await shop.newPage({ mobile: true })
  const errors = collectErrors(page)
  await logIn(page)
  const before = await whiteM(page)
  const { orderNumber, total, pending } = await orderWithWave(page)

  // The shopper leaves Wave's page without paying and comes back to the order.
  await page.goto(`/orders/${pending.orderId}`)
  await page.getByRole('heading', { level: 1, name: `Commande ${orderNumber}` }).waitFor()
  assert.equal((await page.getByTestId('order-payment-status').textContent()).trim(), 'En attente de paiement')
  await screenshot(page, 'refunds-1-unpaid')
  await page.getByTestId('order-pay').getByRole('button', { name: 'Payer avec Wave' }).click()
  await page.waitForURL('**/api/payments/wave/simulator/cos-*')
  // The order's open session is opened again, not a new one.
  assert.ok(page.url().endsWith(pending.sessionId))
  await page.getByRole('button', { name: /^Payer/ }).click()
  await page.waitForURL((url) => url.pathname === '/payment-success' && url.searchParams.get('orderId') === pending.orderId)
  await page.getByRole('heading', { level: 1, name: 'Paiement réussi !' }).waitFor()
  await page.goto(`/orders/${pending.orderId}`)
  await page.getByTestId('order-payment-status').filter({ hasText: 'Payée' }).waitFor()
  assert.equal(await page.getByTestId('order-pay').count(), 0, 'paid: nothing more to pay')

  // The admin refunds it: Wave (the simulator) gives the whole back.
  const admin = await shop.newPage()
  const adminErrors = collectErrors(admin)
  await logIn(admin, DEMO_ADMIN)
  await admin.goto(`/admin/orders/${pending.orderId}`)
  await admin.getByRole('heading', { level: 1, name: `Commande ${orderNumber}` }).waitFor()
  // Shipped, with a note for the team only.
  const status = admin.getByRole('form', { name: 'Statut' })
  await status.getByLabel('Nouveau statut').selectOption({ label: 'Expédiée' })
  await status.getByLabel('Note pour l’historique (facultatif)').fill(INTERNAL_NOTE)
  await status.getByRole('button', { name: 'Mettre à jour le statut' }).click()
  await admin.getByRole('dialog', { name: 'Changer le statut' }).getByRole('button', { name: 'Changer le statut' }).click()
  await admin.getByRole('list', { name: 'Historique des statuts' }).getByText(INTERNAL_NOTE).waitFor()
  const form = admin.getByRole('form', { name: 'Rembourser' })
  await form.getByLabel('Raison du remboursement').fill('Article défectueux')
  await form.getByRole('button', { name: 'Rembourser' }).click()
  await admin.getByRole('dialog', { name: 'Rembourser' }).getByRole('button', { name: 'Rembourser' }).click()
  await admin.getByTestId('refund-row').filter({ hasText: 'Effectué' }).waitFor()
  assert.match(await admin.getByTestId('refund-row').textContent(), /Article défectueux/)
  await admin.getByText('Remboursée').first().waitFor()
  await screenshot(admin, 'refunds-2-admin')
  // Refunded in full before delivery: cancelled, its unit back on the shelf.
  assert.equal(await whiteM(page, before), before, 'the cancellation put the unit back')

  // The customer sees it, in the shop's words.
  await page.reload()
  await page.getByTestId('order-payment-status').filter({ hasText: 'Remboursée' }).waitFor()
  await page.getByTestId('order-status').filter({ hasText: 'Annulée' }).waitFor()
  assert.match(await page.getByTestId('order-refunded').textContent(), /FCFA/)
  const history = await page.getByRole('region', { name: 'Historique' }).textContent()
  assert.match(history, /Commande annulée : remboursée en totalité/)
  assert.match(history, /L'équipe Bitik Dakar/)
  const seen = await page.locator('main').textContent()
  assert.ok(!seen.includes(INTERNAL_NOTE) && !seen.includes(ADMIN_NAME), seen)
  await screenshot(page, 'refunds-3-customer')

  // The day's report in « Caisse »: the shop's only order today, paid with Wave and refunded.
  await admin.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Caisse' }).click()
  await admin.waitForURL('**/admin/cash')
  await admin.getByRole('heading', { level: 1, name: 'Caisse' }).waitFor()
  await admin.getByRole('region', { name: 'Jour par jour' }).getByRole('row').nth(1).waitFor()
  const today = await todayFigures(admin)
  assert.deepEqual(
    {
      paid: today['Wave payées'],
      expected: today['Wave attendu'],
      received: today['Wave reçu'],
      refunded: today['Wave remboursé'],
      net: today['Wave net'],
    },
    { paid: '1', expected: total, received: total, refunded: total, net: '0 FCFA' },
    JSON.stringify(today),
  )
  assert.deepEqual(
    [today['Espèces payées'], today['Espèces reçu'], today['Espèces remboursé']],
    ['0', '0 FCFA', '0 FCFA'],
    'nothing in cash',
  )
  await screenshot(admin, 'refunds-4-report')

  assert.deepEqual(errors, [])
  assert.deepEqual(adminErrors, [])
  await page.context().close()
  await admin.context().close()
})
