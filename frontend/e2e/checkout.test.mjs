// Checkout and orders in a real browser against the real server: a guest finds a
// product and adds it (the drawer says delivery starts at the cheapest zone's fee), logs in
// from /checkout, picks Médina and a landmark, sees Dakar ville's fee, orders
// with cash on delivery, finds the order in /orders with its commune and landmark, cancels it
// through the modal, and the stock is back; the address is then in their book and profile.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { startShop } from './harness.mjs'

const DEMO_CUSTOMER = { email: 'client@bitik.sn', password: 'bitik-client' }
// Seeded (crates/demo/src/catalog.json): on promotion at 8 000 instead of 10 000 FCFA;
// white S has exactly 1 unit left.
const PRODUCT = { slug: 't-shirt-yoff-surf-club', name: 'T-shirt Yoff Surf Club' }
// Set E2E_SCREENSHOTS=dir to keep pictures of the steps.
const SCREENSHOTS = process.env.E2E_SCREENSHOTS

let shop
before(async () => {
  shop = await startShop()
})
after(async () => {
  await shop?.stop()
})

/** An element's text with its spaces read alike: « : » follows a no-break space (French typography). */
const textOf = async (locator) => (await locator.textContent()).replace(/\s+/g, ' ')

/** Labels carry a '*' for required fields: match the start of the accessible name. */
const label = (text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)

async function screenshot(page, name) {
  if (!SCREENSHOTS) return
  mkdirSync(SCREENSHOTS, { recursive: true })
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })
}

/** White S of the product, as the public API reads it now. */
async function whiteSmallStock() {
  const response = await fetch(`${shop.baseUrl}/api/products/${PRODUCT.slug}`)
  assert.equal(response.status, 200)
  return (await response.json()).data.stock.blanc.S
}

/** A product's picture in an order's lines keeps its fixed square on a phone (it once shrank to a few pixels). */
async function assertThumbnail(lines, where) {
  const box = await lines.locator('img').first().boundingBox()
  assert.ok(box && box.width >= 48 && box.height >= 48, `${where}: the picture is ${JSON.stringify(box)}`)
}

function collectErrors(page) {
  const errors = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  page.on('response', (response) => response.status() >= 400 && errors.push(`${response.status()} ${response.url()}`))
  return errors
}

test('phone: product → cart → login → checkout with cash on delivery → /orders → cancel → stock back → the address kept', async () => {
  const page = await shop.newPage({ mobile: true })
  const errors = collectErrors(page)
  assert.equal(await whiteSmallStock(), 1)

  // 1. Browse: a search finds the product; its page adds white S (white is the first colour; S is tapped).
  await page.goto('/products?search=Yoff')
  await page.getByRole('link', { name: PRODUCT.name }).first().click()
  await page.waitForURL(`**/product/${PRODUCT.slug}`)
  await page.getByRole('heading', { level: 1, name: PRODUCT.name }).waitFor()
  assert.ok(await page.getByRole('radio', { name: 'Blanc' }).isChecked())
  await page.getByRole('group', { name: 'Taille' }).getByRole('radio', { name: 'S', exact: true }).check()
  await page.getByRole('button', { name: 'Ajouter au panier' }).click()
  const drawer = page.getByRole('dialog', { name: 'Votre panier' })
  await drawer.waitFor()
  // The seeded zones: Dakar ville is the cheapest, 1 500 FCFA, free from 50 000.
  await drawer.getByTestId('delivery-estimate').filter({ hasText: 'Livraison à partir de 1 500 FCFA' }).waitFor()
  assert.match(await drawer.getByTestId('free-delivery').textContent(), /Plus que 42 000 FCFA d’achat pour la livraison offerte \(dès 50 000 FCFA\)/)

  // 2. Commander: a guest may order with a name and a phone (e2e/login-code.test.mjs); this
  //    customer logs in from there, and comes back to /checkout with the cart merged.
  await drawer.getByRole('link', { name: 'Commander' }).click()
  await page.waitForURL('**/checkout')
  await page.getByRole('main').getByRole('link', { name: 'Se connecter' }).click()
  await page.waitForURL('**/login')
  const login = page.getByRole('form', { name: 'Connexion' })
  await login.getByLabel(label('Email')).fill(DEMO_CUSTOMER.email)
  await login.getByLabel(label('Mot de passe')).fill(DEMO_CUSTOMER.password)
  await login.getByRole('button', { name: 'Se connecter' }).click()
  await page.waitForURL('**/checkout')

  // 3. Livraison: prefilled from the profile; the demo account has no address yet, so no commune.
  await page.getByRole('heading', { level: 2, name: 'Adresse de livraison' }).waitFor()
  const delivery = page.getByRole('form', { name: 'Adresse de livraison' })
  const field = (name) => delivery.getByRole('textbox', { name: label(name) })
  const commune = delivery.getByRole('combobox', { name: label('Commune') })
  assert.equal(await page.getByRole('listitem').filter({ hasText: 'Livraison' }).first().getAttribute('aria-current'), 'step')
  assert.equal(await field('Prénom').inputValue(), 'Awa')
  assert.equal(await field('Email').inputValue(), DEMO_CUSTOMER.email)
  assert.equal(await commune.inputValue(), '')
  assert.equal(await delivery.getByRole('textbox', { name: /Code postal/ }).count(), 0, 'Dakar has no postcodes')
  // The book is empty: the address will be kept in it, unless the customer unticks the box.
  assert.ok(await delivery.getByRole('checkbox', { name: 'Enregistrer cette adresse dans mon carnet' }).isChecked())
  // The zones are loaded: pickup is free; standard and express wait for a commune.
  await page.getByTestId('shipping-fee-pickup').filter({ hasText: 'Gratuit' }).waitFor()
  assert.ok(await page.getByRole('radio', { name: /^Livraison standard/ }).isChecked())
  assert.equal((await page.getByTestId('shipping-fee-standard').textContent()).trim(), '')
  // Next without commune or landmark: the form's sentence, and the step stays.
  await page.getByRole('button', { name: 'Suivant' }).click()
  await page.getByRole('alert').filter({ hasText: 'Veuillez remplir tous les champs obligatoires' }).waitFor()
  // Médina is in Dakar ville: 1 500 FCFA, express 2 500, in 24 h.
  await commune.selectOption({ label: 'Médina' })
  assert.equal((await page.getByTestId('shipping-fee-standard').textContent()).trim(), '1 500 FCFA')
  assert.equal((await page.getByTestId('shipping-fee-express').textContent()).trim(), '2 500 FCFA')
  assert.match(await delivery.getByText('Dakar ville · 24 h').first().textContent(), /Dakar ville · 24 h/)
  await field('Adresse').fill('Rue 11 x 22')
  await field('Point de repère').fill('En face du marché Tilène')
  await delivery.getByRole('textbox', { name: /Instructions de livraison/ }).fill('Appeler en arrivant')
  await screenshot(page, 'checkout-1-livraison')
  await page.getByRole('button', { name: 'Suivant' }).click()

  // 4. Paiement: Wave by default (its journey is e2e/payments.test.mjs), cash on delivery chosen.
  await page.getByRole('heading', { level: 2, name: 'Mode de paiement' }).waitFor()
  assert.ok(await page.getByRole('radio', { name: /^Wave/ }).isChecked())
  await page.getByRole('radio', { name: /^Paiement à la livraison/ }).check()
  await screenshot(page, 'checkout-2-paiement')
  await page.getByRole('button', { name: 'Suivant' }).click()

  // 5. Confirmation: the recap (8 000 + Médina's 1 500), then the order.
  await page.getByRole('heading', { level: 2, name: 'Récapitulatif de la commande' }).waitFor()
  assert.equal((await page.getByTestId('order-subtotal').textContent()).trim(), '8 000 FCFA')
  assert.equal((await page.getByTestId('order-shipping').textContent()).trim(), '1 500 FCFA')
  assert.equal((await page.getByTestId('order-total').textContent()).trim(), '9 500 FCFA')
  const recap = page.getByRole('region', { name: 'Livraison' })
  assert.match(await recap.textContent(), /Médina \(Dakar ville\)/)
  assert.match(await textOf(recap), /Point de repère : En face du marché Tilène/)
  await assertThumbnail(page.getByRole('list', { name: 'Articles' }), 'the recap')
  await screenshot(page, 'checkout-3-confirmation')
  await page.getByRole('button', { name: 'Confirmer la commande' }).click()
  await page.getByText('Commande créée avec succès!').waitFor()
  const orderNumber = (await page.getByTestId('order-number').textContent()).trim()
  assert.match(orderNumber, /^ORD-\d{6}\d{4}$/)
  assert.equal((await page.getByTestId('order-placed-total').textContent()).trim(), '9 500 FCFA')
  await page.waitForFunction(() => !document.querySelector('[data-testid="cart-count"]'))
  assert.equal(await whiteSmallStock(), 0)
  await screenshot(page, 'checkout-4-commande-creee')

  // 6. /orders lists it, pending; its page offers contact and cancellation.
  await page.getByRole('link', { name: 'Mes commandes' }).click()
  await page.waitForURL('**/orders')
  const row = page.getByRole('link', { name: new RegExp(orderNumber) })
  await row.waitFor()
  assert.match(await row.textContent(), /En attente/)
  assert.match(await row.textContent(), /9 500 FCFA/)
  await row.click()
  await page.waitForURL('**/orders/*')
  await page.getByRole('heading', { level: 1, name: `Commande ${orderNumber}` }).waitFor()
  assert.equal((await page.getByTestId('order-status').textContent()).trim(), 'En attente')
  assert.equal((await page.getByTestId('order-payment-method').textContent()).trim(), 'Paiement à la livraison')
  // The order keeps where it goes: the commune and its zone, the landmark, the instructions, the fee.
  const placedTo = page.getByRole('region', { name: 'Livraison' })
  assert.match(await placedTo.textContent(), /Médina \(Dakar ville\)/)
  assert.match(await textOf(placedTo), /Point de repère : En face du marché Tilène/)
  assert.match(await textOf(placedTo), /Instructions : Appeler en arrivant/)
  assert.equal((await page.getByTestId('order-shipping').textContent()).trim(), '1 500 FCFA')
  await assertThumbnail(page.getByRole('list', { name: 'Articles' }), 'the order page')
  const contact = page.getByRole('link', { name: 'Contacter le service client' })
  assert.match(decodeURIComponent(await contact.getAttribute('href')), new RegExp(`^https://wa\\.me/\\d+\\?text=.*${orderNumber}`))
  await screenshot(page, 'order-detail')

  // 7. Cancel through the modal: Annulée, and the unit is back in stock.
  await page.getByRole('button', { name: 'Annuler la commande' }).click()
  const dialog = page.getByRole('dialog', { name: 'Annuler la commande' })
  await dialog.getByText(`Êtes-vous sûr de vouloir annuler la commande ${orderNumber} ?`, { exact: false }).waitFor()
  await dialog.getByRole('button', { name: 'Annuler la commande' }).click()
  await dialog.waitFor({ state: 'detached' })
  await page.getByText('Votre commande a été annulée.').waitFor()
  await page.getByTestId('order-status').filter({ hasText: 'Annulée' }).waitFor()
  assert.equal(await page.getByRole('button', { name: 'Annuler la commande' }).count(), 0)
  assert.equal(await whiteSmallStock(), 1)
  await screenshot(page, 'order-cancelled')

  // The list says so too, after a reload.
  await page.goto('/orders')
  await page.getByRole('link', { name: new RegExp(orderNumber) }).filter({ hasText: 'Annulée' }).waitFor()

  // 8. The cart is empty now: /checkout leads to /cart.
  await page.goto('/checkout')
  await page.waitForURL('**/cart')
  await page.getByText('Votre panier est vide').waitFor()

  // 9. The order's address is in « Mes adresses », and is the profile's, which asks for no
  //    postcode and no country.
  await page.goto('/account?tab=addresses')
  const book = page.getByRole('region', { name: 'Mes adresses' })
  await book.getByText('Rue 11 x 22', { exact: false }).waitFor()
  assert.match(await textOf(book), /Médina.*Point de repère : En face du marché Tilène/)
  await page.goto('/account')
  const profileAddress = page.getByRole('region', { name: 'Adresse de livraison' })
  await profileAddress.getByText('Rue 11 x 22', { exact: false }).waitFor()
  assert.match(await textOf(profileAddress), /Point de repère : En face du marché Tilène/)
  assert.equal(await page.getByRole('main').getByText(/Code postal|Pays/).count(), 0)

  assert.deepEqual(errors, [])
  await page.context().close()
})
