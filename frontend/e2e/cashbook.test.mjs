// The cash book in a real browser against the real server: the demo customer's cash-on-delivery
// order is confirmed, shipped with its courier and delivered; the admin opens « Caisse », finds
// it in that courier's round of cash not yet received, records « Paiement reçu », and the day's
// figures count it.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { startShop } from './harness.mjs'

const DEMO_ADMIN = { email: 'admin@bitik.sn', password: 'bitik-admin' }
const DEMO_CUSTOMER = { email: 'client@bitik.sn', password: 'bitik-client' }
// Seeded (crates/demo/src/catalog.json).
const SEEDED_PRODUCT = 't-shirt-teranga-oversize'
const COURIER = { name: 'Modou Caisse', phone: '77 000 44 55' }

let shop
before(async () => {
  shop = await startShop()
})
after(async () => {
  await shop?.stop()
})

const label = (text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)
const toast = (page, text) => page.getByRole('status', { name: 'Notifications' }).getByText(text)
const money = (n) => `${n.toLocaleString('fr-FR').replace(/[\u202f\u00a0]/g, ' ')} FCFA`

async function api(method, path, { token, body } = {}) {
  const response = await fetch(`${shop.baseUrl}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, json: await response.json().catch(() => null) }
}

async function apiLogin(account) {
  return (await api('POST', '/auth/login', { body: account })).json.data.token
}

async function logIn(page, { email, password }) {
  await page.goto('/login')
  const form = page.getByRole('form', { name: 'Connexion' })
  await form.getByLabel(label('Email')).fill(email)
  await form.getByLabel(label('Mot de passe')).fill(password)
  await form.getByRole('button', { name: 'Se connecter' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
}

/** Today's row of « Jour par jour », newest first: the cells as the admin reads them. */
async function todayRow(page) {
  const row = page.getByRole('region', { name: 'Jour par jour' }).getByRole('row').nth(1)
  return (await row.getByRole('cell').allTextContents()).map((cell) => cell.trim())
}

test('desktop: a delivered cash order is received from « Caisse » and the day’s figures count it', async () => {
  const customer = await apiLogin(DEMO_CUSTOMER)
  const admin = await apiLogin(DEMO_ADMIN)
  const product = (await api('GET', `/products/${SEEDED_PRODUCT}`)).json.data
  const [color, sizes] = Object.entries(product.stock).find(([, bySize]) => Object.values(bySize).some((n) => n > 0))
  const size = Object.keys(sizes).find((s) => sizes[s] > 0)
  const placed = await api('POST', '/orders', {
    token: customer,
    body: {
      items: [{ productId: product.id, quantity: 1, size, color }],
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
      paymentMethod: 'cash_on_delivery',
    },
  })
  assert.equal(placed.status, 201, JSON.stringify(placed.json))
  const order = placed.json.data
  for (const [method, path, body] of [
    ['PUT', 'confirmation', { confirmation: 'confirmed' }],
    ['PUT', 'status', { status: 'shipped' }],
    ['PUT', 'courier', COURIER],
    ['PUT', 'status', { status: 'delivered' }],
  ]) {
    const answer = await api(method, `/admin/orders/${order.id}/${path}`, { token: admin, body })
    assert.equal(answer.status, 200, `${path}: ${JSON.stringify(answer.json)}`)
  }

  const page = await shop.newPage()
  // A 1 366-px laptop, the admins' most common screen.
  await page.setViewportSize({ width: 1366, height: 900 })
  const errors = []
  page.on('pageerror', (error) => errors.push(error.message))
  await logIn(page, DEMO_ADMIN)
  await page.goto('/admin/dashboard')
  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Caisse' }).click()
  await page.waitForURL('**/admin/cash')
  await page.getByRole('heading', { level: 1, name: 'Caisse' }).waitFor()
  // Test mode: the report says Wave is simulated and compares sessions only.
  await page.getByText('Mode test : Wave est simulé.').waitFor()
  // The page fits the screen; a wide table scrolls in its own box.
  await page.getByRole('region', { name: 'Jour par jour' }).getByRole('row').nth(1).waitFor()
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth])
  assert.ok(widths[0] <= widths[1], `« Caisse » is ${widths[0]} px wide on a ${widths[1]}-px screen`)

  const owed = page.getByRole('region', { name: 'Livrées, espèces non reçues' })
  const round = owed.getByRole('group', { name: new RegExp(COURIER.name) })
  await round.waitFor()
  await round.getByText("Livrée aujourd'hui").first().waitFor()
  const before = await todayRow(page)
  // After the day's heading: Wave ×5 (payées, attendu, reçu, remboursé, net), then cash ×5.
  const cashPaid = Number(before[5])
  const cashReceived = Number(before[7].replace(/\D/g, ''))

  await round.getByRole('checkbox', { name: order.orderNumber }).check()
  await round.getByRole('button', { name: `Paiement reçu (${money(order.total)})` }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByText(`${COURIER.name} a remis ${money(order.total)} pour 1 commande ?`).waitFor()
  await dialog.getByRole('button', { name: 'Confirmer' }).click()
  await toast(page, '1 commande marquée payée.').waitFor()

  // The round no longer holds the order, and today's cash counts it.
  await round.getByRole('checkbox', { name: order.orderNumber }).waitFor({ state: 'detached' })
  await page.waitForFunction(
    (expected) => {
      const row = [...document.querySelectorAll('section[aria-labelledby="cash-days"] tbody tr')][0]
      return row && row.querySelectorAll('td')[5]?.textContent?.trim() === String(expected)
    },
    cashPaid + 1,
  )
  const after = await todayRow(page)
  assert.equal(Number(after[5]), cashPaid + 1)
  assert.equal(Number(after[7].replace(/\D/g, '')), cashReceived + order.total)

  // The order's own page says it is paid.
  const paid = await api('GET', `/admin/orders/${order.id}`, { token: admin })
  assert.equal(paid.json.data.paymentInfo.status, 'paid')
  assert.deepEqual(errors, [])
})
