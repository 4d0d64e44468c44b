// Corrections before an order leaves, and its invoice, on 360-px phones against the real server
// (docs/rules.md#corrections, docs/rules.md#invoices): the customer of an unpaid Wave order pays
// at the door instead; staff correct its landmark and its size (the units move between the two
// sizes); once delivered and its cash received, staff and customer open the same « Facture ».
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { startShop } from './harness.mjs'

const DEMO_ADMIN = { email: 'admin@bitik.sn', password: 'bitik-admin' }
const DEMO_CUSTOMER = { email: 'client@bitik.sn', password: 'bitik-client' }
// Seeded (crates/demo/src/catalog.json): the Yoff tee, white M has units.
const PRODUCT = { slug: 't-shirt-yoff-surf-club', name: 'T-shirt Yoff Surf Club' }
const LANDMARK = 'Face à la station Total de la VDN'
const PHONE = { width: 360, height: 780 }

let shop
before(async () => {
  shop = await startShop()
})
after(async () => {
  await shop?.stop()
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

const apiLogin = async (account) => (await api('POST', '/auth/login', { body: account })).json.data.token
const whiteStock = async () => (await api('GET', `/products/${PRODUCT.slug}`)).json.data.stock.blanc

async function phonePage(account) {
  const page = await shop.newPage({ mobile: true })
  await page.setViewportSize(PHONE)
  const errors = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  page.on('response', (response) => response.status() >= 400 && errors.push(`${response.status()} ${response.url()}`))
  await page.goto('/login')
  const form = page.getByRole('form', { name: 'Connexion' })
  await form.getByLabel(label('Email')).fill(account.email)
  await form.getByLabel(label('Mot de passe')).fill(account.password)
  await form.getByRole('button', { name: 'Se connecter' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  return { page, errors }
}

/** Nothing sticks out of a 360-px screen. */
async function fits(page, what) {
  const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth])
  assert.ok(scroll <= inner, `${what} is ${scroll} px wide on a ${inner}-px phone`)
}

test('phone: pay at the door instead, staff correct the landmark and the size, then both open the invoice', async () => {
  const customerToken = await apiLogin(DEMO_CUSTOMER)
  const adminToken = await apiLogin(DEMO_ADMIN)
  const product = (await api('GET', `/products/${PRODUCT.slug}`)).json.data
  const before = await whiteStock()
  const other = Object.keys(before).find((size) => size !== 'M' && before[size] > 0)
  assert.ok(other, 'the white tee has another size in stock')
  const placed = await api('POST', '/orders', {
    token: customerToken,
    body: {
      items: [{ productId: product.id, quantity: 1, size: 'M', color: 'blanc' }],
      shippingInfo: {
        firstName: 'Awa',
        lastName: 'Diop',
        email: DEMO_CUSTOMER.email,
        phone: '77 123 45 67',
        address: 'Villa 12, Parcelles Assainies U15',
        commune: 'parcelles-assainies',
        landmark: 'Près du terminus des bus',
      },
      shippingMethod: 'standard',
      paymentMethod: 'wave',
    },
  })
  assert.equal(placed.status, 201, JSON.stringify(placed.json))
  const order = placed.json.data
  // The customer opened Wave's page, as a checkout does, and left it unpaid.
  const started = await api('POST', '/payments/wave/init', { token: customerToken, body: { orderId: order.id } })
  assert.equal(started.status, 200, JSON.stringify(started.json))

  // 1. The customer would rather pay the courier.
  const { page: customer, errors: customerErrors } = await phonePage(DEMO_CUSTOMER)
  await customer.goto(`/orders/${order.id}`)
  await customer.getByRole('heading', { level: 1, name: `Commande ${order.orderNumber}` }).waitFor()
  await customer.getByRole('button', { name: 'Payer à la livraison plutôt' }).click()
  await customer.getByRole('dialog', { name: 'Payer à la livraison plutôt' }).getByRole('button', { name: 'Payer à la livraison' }).click()
  await toast(customer, /Vous paierez à la livraison/).waitFor()
  await customer.getByTestId('order-payment-method').filter({ hasText: 'Paiement à la livraison' }).waitFor()
  await customer.getByRole('button', { name: 'Confirmer ma commande' }).waitFor()

  // 2. Staff, on a phone too, correct the landmark and the size.
  const { page: admin, errors: adminErrors } = await phonePage(DEMO_ADMIN)
  await admin.goto(`/admin/orders/${order.id}`)
  await admin.getByRole('heading', { level: 1, name: `Commande ${order.orderNumber}` }).waitFor()
  const corrections = admin.getByRole('region', { name: 'Corriger la commande' })
  await corrections.getByRole('button', { name: 'Modifier la livraison' }).click()
  const delivery = corrections.getByRole('form', { name: 'Modifier la livraison' })
  await delivery.getByLabel('Point de repère').fill(LANDMARK)
  await fits(admin, 'the delivery correction')
  await delivery.getByRole('button', { name: 'Enregistrer la livraison' }).click()
  await toast(admin, /^Livraison modifiée/).waitFor()

  await corrections.getByRole('button', { name: 'Modifier les articles' }).click()
  const items = corrections.getByRole('form', { name: 'Modifier les articles' })
  await items.getByLabel('Taille').selectOption(other)
  await fits(admin, 'the items correction')
  await items.getByRole('button', { name: 'Enregistrer les articles' }).click()
  await toast(admin, /^Articles modifiés/).waitFor()
  const history = admin.getByRole('list', { name: 'Historique des statuts' })
  await history.getByText(`Articles modifiés : retiré ${PRODUCT.name} (blanc, M) × 1 ; ajouté ${PRODUCT.name} (blanc, ${other}) × 1`).waitFor()
  // The unit of M is back on the shelf, one of the other size is the customer's.
  const after = await whiteStock()
  assert.deepEqual([after.M, after[other]], [before.M, before[other] - 1])

  // 3. Delivered, its cash received: the invoice.
  for (const [path, body] of [['confirmation', { confirmation: 'confirmed' }], ['status', { status: 'shipped' }], ['status', { status: 'delivered' }]]) {
    const answer = await api('PUT', `/admin/orders/${order.id}/${path}`, { token: adminToken, body })
    assert.equal(answer.status, 200, `${path}: ${JSON.stringify(answer.json)}`)
  }
  await admin.reload()
  const payment = admin.getByRole('region', { name: 'Paiement' })
  await payment.getByRole('button', { name: /^Paiement reçu/ }).click()
  await admin.getByRole('dialog', { name: 'Paiement reçu' }).getByRole('button', { name: 'Confirmer' }).click()
  await toast(admin, 'Paiement enregistré').waitFor()
  await admin.getByRole('link', { name: 'Facture' }).click()
  const title = admin.getByRole('heading', { level: 1, name: /^Facture FAC-\d{6}$/ })
  await title.waitFor()
  const number = (await title.textContent()).replace('Facture', '').trim()
  const invoice = await admin.getByRole('article').textContent()
  assert.ok(invoice.includes(`Taille ${other}`) && invoice.includes(order.orderNumber), invoice)
  await fits(admin, 'the invoice')

  // 4. The customer reads the corrected order and opens the same invoice.
  await customer.reload()
  await customer.getByText(`Point de repère : ${LANDMARK}`).waitFor()
  await customer.getByRole('link', { name: 'Voir la facture' }).click()
  await customer.getByRole('heading', { level: 1, name: `Facture ${number}` }).waitFor()
  await customer.getByTestId('invoice-payment-state').filter({ hasText: /Payée/ }).waitFor()
  await fits(customer, 'the customer’s invoice')

  assert.deepEqual(customerErrors, [])
  assert.deepEqual(adminErrors, [])
  await customer.context().close()
  await admin.context().close()
})
