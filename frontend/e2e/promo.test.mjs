// Promo codes in a real browser against the real server: the demo admin creates a code in
// the back office, the demo customer applies it in the cart (typed in lower case) and sees the
// discount, orders with it (pickup at the shop, cash on delivery), sees the discount on the
// order, and the admin sees the discount on the order and the code's use and revenue. Then a
// code switched off while the shopper is on the recap: asked, the shopper goes back or orders
// without it.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { startShop } from './harness.mjs'

const DEMO_ADMIN = { email: 'admin@bitik.sn', password: 'bitik-admin' }
const DEMO_CUSTOMER = { email: 'client@bitik.sn', password: 'bitik-client' }
// Seeded (crates/demo/src/catalog.json): on promotion at 8 000 instead of 10 000 FCFA.
const PRODUCT = { slug: 't-shirt-yoff-surf-club', name: 'T-shirt Yoff Surf Club' }

let shop
before(async () => {
  shop = await startShop()
})
after(async () => {
  await shop?.stop()
})

/** Labels carry a '*' for required fields: match the start of the accessible name. */
const label = (text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)
const text = async (locator) => (await locator.textContent()).replace(/\s+/g, ' ').trim()

async function logIn(page, { email, password }) {
  await page.goto('/login')
  const form = page.getByRole('form', { name: 'Connexion' })
  await form.getByLabel(label('Email')).fill(email)
  await form.getByLabel(label('Mot de passe')).fill(password)
  await form.getByRole('button', { name: 'Se connecter' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
}

/** How many orders the demo customer has, asked of the API directly. */
async function ordersOfCustomer() {
  const post = (path, body) =>
    fetch(`${shop.baseUrl}/api${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  const token = (await (await post('/auth/login', DEMO_CUSTOMER)).json()).data.token
  const orders = await fetch(`${shop.baseUrl}/api/orders`, { headers: { Authorization: `Bearer ${token}` } })
  assert.equal(orders.status, 200)
  return (await orders.json()).pagination.totalItems
}

function collectErrors(page) {
  const errors = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  page.on('response', (response) => response.status() >= 400 && errors.push(`${response.status()} ${response.url()}`))
  return errors
}

test('admin creates a code → shopper applies it in the cart → orders with it → the order and the admin show the discount', async () => {
  // 1. The admin creates NOEL10: 10 %, lines on promotion included, 5 uses.
  const admin = await shop.newPage()
  const adminErrors = collectErrors(admin)
  await logIn(admin, DEMO_ADMIN)
  await admin.goto('/admin/promo-codes')
  await admin.getByRole('heading', { level: 1, name: 'Codes promo' }).waitFor()
  const form = admin.getByRole('form', { name: 'Nouveau code' })
  await form.getByLabel(label('Code')).fill('noel10')
  await form.getByLabel(label('Type')).selectOption({ label: 'Pourcentage' })
  await form.getByLabel(label('Valeur')).fill('10')
  await form.getByLabel(label('Utilisations au total')).fill('5')
  await form.getByLabel("S'applique aussi aux articles en promotion").check()
  await form.getByRole('button', { name: 'Créer le code' }).click()
  const row = admin.getByRole('row').filter({ hasText: 'NOEL10' })
  await row.waitFor()
  assert.match(await text(row), /10 %/)
  assert.match(await text(row), /0 \/ 5/)

  // 2. The customer adds the product and applies the code in the cart.
  const page = await shop.newPage()
  const errors = collectErrors(page)
  await logIn(page, DEMO_CUSTOMER)
  await page.goto(`/product/${PRODUCT.slug}`)
  await page.getByRole('heading', { level: 1, name: PRODUCT.name }).waitFor()
  await page.getByRole('group', { name: 'Taille' }).getByRole('radio', { name: 'S', exact: true }).check()
  await page.getByRole('button', { name: 'Ajouter au panier' }).click()
  await page.getByRole('dialog', { name: 'Votre panier' }).waitFor()
  await page.goto('/cart')
  await page.getByLabel('Code promo').fill('noel10')
  await page.getByRole('button', { name: 'Appliquer' }).click()
  await page.getByRole('status').filter({ hasText: 'Code NOEL10 appliqué' }).waitFor()
  await page.getByTestId('cart-discount').filter({ hasText: '800' }).waitFor()
  assert.equal(await text(page.getByTestId('cart-discount')), '− 800 FCFA')
  assert.equal(await text(page.getByTestId('cart-subtotal')), '8 000 FCFA')

  // 3. Checkout: pickup at the shop, cash on delivery; the recap takes the discount off.
  await page.getByRole('link', { name: 'Commander' }).click()
  await page.waitForURL('**/checkout')
  await page.getByRole('heading', { level: 2, name: 'Adresse de livraison' }).waitFor()
  await page.getByRole('radio', { name: /^Retrait en boutique/ }).check()
  await page.getByRole('button', { name: 'Suivant' }).click()
  await page.getByRole('heading', { level: 2, name: 'Mode de paiement' }).waitFor()
  await page.getByRole('radio', { name: /^Paiement à la livraison/ }).check()
  await page.getByRole('button', { name: 'Suivant' }).click()
  await page.getByRole('heading', { level: 2, name: 'Récapitulatif de la commande' }).waitFor()
  await page.getByTestId('order-discount').filter({ hasText: '800' }).waitFor()
  assert.equal(await text(page.getByTestId('order-total')), '7 200 FCFA')
  await page.getByRole('button', { name: 'Confirmer la commande' }).click()
  await page.getByText('Commande créée avec succès!').waitFor()
  assert.equal(await text(page.getByTestId('order-placed-total')), '7 200 FCFA')
  const orderNumber = await text(page.getByTestId('order-number'))

  // 4. The order keeps the code and its amount.
  await page.goto('/orders')
  await page.getByRole('link', { name: new RegExp(orderNumber) }).click()
  await page.getByRole('heading', { level: 1, name: `Commande ${orderNumber}` }).waitFor()
  assert.equal(await text(page.getByTestId('order-discount')), '− 800 FCFA')
  assert.match(await text(page.getByRole('term').filter({ hasText: 'Réduction' })), /NOEL10/)
  assert.equal(await text(page.getByTestId('order-total')), '7 200 FCFA')
  assert.deepEqual(errors, [])
  await page.context().close()

  // 5. The admin sees the discount on the order, and the code's use and revenue to come.
  await admin.goto('/admin/orders')
  await admin.getByRole('link', { name: orderNumber }).first().click()
  await admin.getByRole('heading', { level: 1, name: new RegExp(orderNumber) }).waitFor()
  assert.match(await text(admin.getByRole('term').filter({ hasText: 'Remise' })), /NOEL10/)
  await admin.getByText('− 800 FCFA').first().waitFor()
  await admin.goto('/admin/promo-codes')
  const used = admin.getByRole('row').filter({ hasText: 'NOEL10' })
  await used.filter({ hasText: '1 / 5' }).waitFor()
  assert.deepEqual(adminErrors, [])
  await admin.context().close()
})

test('a code that stops applying before the order is confirmed: nothing is placed until the shopper agrees to order without it', async () => {
  // The admin creates DERNIER; the customer applies it and reaches the recap.
  const admin = await shop.newPage()
  await logIn(admin, DEMO_ADMIN)
  await admin.goto('/admin/promo-codes')
  const form = admin.getByRole('form', { name: 'Nouveau code' })
  await form.getByLabel(label('Code')).fill('dernier')
  await form.getByLabel(label('Type')).selectOption({ label: 'Montant fixe (FCFA)' })
  await form.getByLabel(label('Valeur')).fill('1000')
  await form.getByLabel("S'applique aussi aux articles en promotion").check()
  await form.getByRole('button', { name: 'Créer le code' }).click()
  await admin.getByRole('row').filter({ hasText: 'DERNIER' }).waitFor()

  const page = await shop.newPage()
  await logIn(page, DEMO_CUSTOMER)
  await page.goto(`/product/${PRODUCT.slug}`)
  await page.getByRole('heading', { level: 1, name: PRODUCT.name }).waitFor()
  // White S (1 unit) went to the first journey's order.
  await page.getByRole('group', { name: 'Taille' }).getByRole('radio', { name: 'M', exact: true }).check()
  await page.getByRole('button', { name: 'Ajouter au panier' }).click()
  await page.getByRole('dialog', { name: 'Votre panier' }).waitFor()
  await page.goto('/cart')
  await page.getByLabel('Code promo').fill('dernier')
  await page.getByRole('button', { name: 'Appliquer' }).click()
  await page.getByTestId('cart-discount').filter({ hasText: '1 000' }).waitFor()
  await page.getByRole('link', { name: 'Commander' }).click()
  await page.getByRole('radio', { name: /^Retrait en boutique/ }).check()
  await page.getByRole('button', { name: 'Suivant' }).click()
  await page.getByRole('radio', { name: /^Paiement à la livraison/ }).check()
  await page.getByRole('button', { name: 'Suivant' }).click()
  await page.getByRole('heading', { level: 2, name: 'Récapitulatif de la commande' }).waitFor()

  // Meanwhile the shop switches the code off.
  await admin.getByRole('button', { name: 'Modifier DERNIER' }).click()
  await admin.getByRole('form', { name: 'Modifier DERNIER' }).getByLabel('Actif').uncheck()
  await admin.getByRole('button', { name: 'Enregistrer' }).click()
  await admin.getByRole('row').filter({ hasText: 'DERNIER' }).filter({ hasText: 'Inactif' }).waitFor()

  // The shopper is asked; going back places nothing.
  await page.getByRole('button', { name: 'Confirmer la commande' }).click()
  const question = page.getByRole('dialog', { name: 'Code promo non appliqué' })
  await question.waitFor()
  assert.match(await text(question), /Code invalide\. Voulez-vous commander sans le code DERNIER \?/)
  await question.getByRole('button', { name: 'Revenir' }).click()
  await page.getByText('Code invalide').first().waitFor()
  const placedBefore = await ordersOfCustomer()

  // Agreeing places the order at the full price.
  await page.getByRole('button', { name: 'Confirmer la commande' }).click()
  await question.waitFor()
  await question.getByRole('button', { name: 'Commander sans le code' }).click()
  await page.getByText('Commande créée avec succès!').waitFor()
  assert.equal(await text(page.getByTestId('order-placed-total')), '8 000 FCFA')
  assert.equal(await ordersOfCustomer(), placedBefore + 1)
  await page.context().close()
  await admin.context().close()
})
