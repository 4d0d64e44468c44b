// The admin panel in a real browser against the real server, as the demo admin:
// a product created with two colours, sizes, stock and an uploaded picture appears in the shop,
// then shows as sold out once its stock is set to 0; an order placed by the demo customer is
// confirmed and moved from pending to shipped and its history shows it; a deactivated customer cannot
// log in.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import { startShop } from './harness.mjs'

const DEMO_ADMIN = { email: 'admin@bitik.sn', password: 'bitik-admin' }
const DEMO_CUSTOMER = { email: 'client@bitik.sn', password: 'bitik-client' }
// Seeded (crates/demo/src/catalog.json).
const SEEDED_PRODUCT = 't-shirt-teranga-oversize'

let shop
before(async () => {
  shop = await startShop()
})
after(async () => {
  await shop?.stop()
})

/** Labels carry a '*' for required fields: match the start of the accessible name. */
const label = (text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)

/** A real PNG (RGB, `width` × `height`, a diagonal gradient), made here so the server has a picture to decode. */
function makePng(width, height) {
  const chunk = (type, data) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bits per channel
  header[9] = 2 // RGB
  const rows = []
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3) // filter byte 0, then pixels
    for (let x = 0; x < width; x++) {
      row[1 + x * 3] = (x * 255) / width
      row[2 + x * 3] = (y * 255) / height
      row[3 + x * 3] = 120
    }
    rows.push(row)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

async function api(method, path, { token, body } = {}) {
  const response = await fetch(`${shop.baseUrl}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = await response.json().catch(() => null)
  return { status: response.status, json }
}

async function apiLogin({ email, password }) {
  const { status, json } = await api('POST', '/auth/login', { body: { email, password } })
  assert.equal(status, 200, `login of ${email}: ${JSON.stringify(json)}`)
  return json.data.token
}

async function logIn(page, { email, password }) {
  await page.goto('/login')
  const form = page.getByRole('form', { name: 'Connexion' })
  await form.getByLabel(label('Email')).fill(email)
  await form.getByLabel(label('Mot de passe')).fill(password)
  await form.getByRole('button', { name: 'Se connecter' }).click()
}

/** A page logged in as the demo admin, collecting the browser's errors. */
async function adminPage({ mobile = false } = {}) {
  const page = await shop.newPage({ mobile })
  const errors = []
  page.on('pageerror', (error) => errors.push(error.message))
  await logIn(page, DEMO_ADMIN)
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  return { page, errors }
}

// Set E2E_SCREENSHOTS=dir to keep pictures of the admin screens.
const SCREENSHOTS = process.env.E2E_SCREENSHOTS

async function screenshot(page, name) {
  if (!SCREENSHOTS) return
  mkdirSync(SCREENSHOTS, { recursive: true })
  await page.screenshot({ path: join(SCREENSHOTS, `admin-${name}.png`), fullPage: true })
}

const toast = (page, text) => page.getByRole('status', { name: 'Notifications' }).getByText(text)

/** A product's picture in an order's lines keeps its fixed square on a phone (it once shrank to a few pixels). */
async function assertThumbnail(lines, where) {
  const box = await lines.locator('img').first().boundingBox()
  assert.ok(box && box.width >= 48 && box.height >= 48, `${where}: the picture is ${JSON.stringify(box)}`)
}

test('desktop: create a product with two colours, sizes, stock and a picture → in the shop → stock 0 → sold out', async () => {
  const { page, errors } = await adminPage()
  const word = `Gorée${randomUUID().slice(0, 6)}`
  const name = `T-shirt ${word}`

  await page.goto('/admin/products/new')
  await page.getByRole('heading', { level: 1, name: 'Nouveau produit' }).waitFor()
  await page.getByLabel(label('Nom')).fill(name)
  await page.getByLabel(label('Description')).fill('Coton épais, coupe droite.')
  await page.getByLabel(label('Catégorie')).selectOption({ label: 'Vêtements' })
  await page.getByLabel(label('Sous-catégorie')).selectOption({ label: 'T-shirts' })
  await page.getByLabel(label('Prix (FCFA)')).fill('12000')

  await page.getByRole('tab', { name: label('Couleurs, tailles et stock') }).click()
  await page.getByRole('textbox', { name: label('Couleurs') }).fill(' Noir, BLANC ')
  await page.getByRole('checkbox', { name: 'M', exact: true }).check()
  await page.getByRole('checkbox', { name: 'L', exact: true }).check()
  await page.getByText('Stock total à 0 : ce produit ne pourra pas être acheté.').waitFor()
  await page.getByRole('button', { name: 'Mettre chaque taille à 10 (noir)' }).click()
  await page.getByLabel('Stock blanc M').fill('3')
  // « : » follows a no-break space (French typography): compared as read, spaces alike.
  assert.equal((await page.getByText('Stock total :').textContent()).replace(/\s+/g, ' '), 'Stock total : 23')
  await screenshot(page, 'product-form-stock')

  await page.getByRole('tab', { name: label('Images') }).click()
  await page.getByLabel('Ajouter des images').setInputFiles({ name: 'goree.png', mimeType: 'image/png', buffer: makePng(640, 480) })
  const picture = page.getByRole('list', { name: 'Images du produit' }).getByRole('img', { name: 'Image 1' })
  await picture.waitFor()
  const src = await picture.getAttribute('src')
  await screenshot(page, 'product-form-images')
  // The admin sees the 400-px thumbnail of the stored picture.
  assert.match(src, /^\/uploads\/products\/[a-z0-9]+\/400\.jpg$/)
  // The server's resized picture is really there.
  assert.equal((await fetch(`${shop.baseUrl}${src}`)).status, 200)

  await page.getByRole('button', { name: 'Enregistrer le produit' }).click()
  await toast(page, 'Produit enregistré avec succès').waitFor()
  await page.waitForURL('**/admin/products')

  // The shop lists it and its page offers it, with the uploaded picture.
  await page.goto(`/products?search=${encodeURIComponent(word)}`)
  await page.getByRole('heading', { level: 3, name }).click()
  await page.getByRole('heading', { level: 1, name }).waitFor()
  await page.getByText('12 000 FCFA').first().waitFor()
  assert.ok(await page.getByRole('button', { name: 'Ajouter au panier' }).isEnabled())
  assert.ok((await page.locator(`img[src*="${src.replace('/400.jpg', '')}"]`).count()) > 0, 'the uploaded picture is shown')
  const productUrl = page.url()

  // Stock to 0 from the admin list's quick editor.
  await page.goto(`/admin/products?search=${encodeURIComponent(word)}`)
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) })
  await row.getByText('En stock').waitFor()
  await row.getByRole('button', { name: `Modifier le stock de ${name}` }).click()
  const dialog = page.getByRole('dialog', { name: `Stock – ${name}` })
  await dialog.getByRole('button', { name: 'Mettre chaque taille à 0 (noir)' }).click()
  await dialog.getByRole('button', { name: 'Mettre chaque taille à 0 (blanc)' }).click()
  await dialog.getByText('Stock total à 0 : ce produit ne pourra pas être acheté.').waitFor()
  await screenshot(page, 'quick-stock')
  await dialog.getByLabel('Raison').selectOption('recount')
  await dialog.getByRole('button', { name: 'Enregistrer le stock' }).click()
  await toast(page, 'Stock mis à jour avec succès').waitFor()
  await row.getByText('Épuisé').waitFor()

  // The shop now shows it sold out.
  await page.goto(productUrl)
  await page.getByRole('heading', { level: 1, name }).waitFor()
  const button = page.getByRole('button', { name: 'Épuisé' })
  await button.waitFor()
  assert.ok(await button.isDisabled())
  assert.deepEqual(errors, [])
})

test('phone: an order of the demo customer goes from pending to shipped; the history says who and when', async () => {
  // The demo customer orders through the API, as the shop does.
  const token = await apiLogin(DEMO_CUSTOMER)
  const product = (await api('GET', `/products/${SEEDED_PRODUCT}`)).json.data
  const [color, sizes] = Object.entries(product.stock).find(([, bySize]) => Object.values(bySize).some((n) => n > 0))
  const size = Object.keys(sizes).find((s) => sizes[s] > 0)
  const placed = await api('POST', '/orders', {
    token,
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

  const { page, errors } = await adminPage({ mobile: true })
  // The dashboard's pending card leads to the pending orders.
  await page.goto('/admin')
  await page.waitForURL('**/admin/dashboard')
  await page.getByText('Ventes des 30 derniers jours').waitFor()
  await screenshot(page, 'dashboard-phone')
  await page.getByRole('link', { name: /Commandes en attente/ }).click()
  await page.waitForURL('**/admin/orders?status=pending')
  // The list's own row (the dashboard's recent orders link to the same order).
  const listed = page.getByRole('table').getByRole('link', { name: order.orderNumber, exact: true })
  await listed.waitFor()
  await screenshot(page, 'orders-phone')
  await listed.click()
  await page.getByRole('heading', { level: 1, name: `Commande ${order.orderNumber}` }).waitFor()
  const progress = page.getByRole('progressbar', { name: 'Avancement de la commande' })
  assert.equal(await progress.getAttribute('aria-valuenow'), '25')
  await assertThumbnail(page.getByRole('region', { name: 'Articles' }), 'the admin’s order page')

  // Cash on delivery: the customer is called and confirms before the parcel leaves.
  await page.getByRole('region', { name: 'Confirmation' }).getByRole('button', { name: 'Confirmer', exact: true }).click()
  await page.getByTestId('confirmation-state').filter({ hasText: 'Confirmée' }).waitFor()
  const form = page.getByRole('form', { name: 'Statut' })
  await form.getByLabel('Nouveau statut').selectOption({ label: 'Expédiée' })
  await form.getByLabel('Note pour l’historique (facultatif)').fill('Remis au livreur Moussa')
  await form.getByRole('button', { name: 'Mettre à jour le statut' }).click()
  await page.getByRole('dialog', { name: 'Changer le statut' }).getByRole('button', { name: 'Changer le statut' }).click()
  await toast(page, 'Statut de la commande mis à jour').waitFor()
  await page.waitForFunction(() => document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') === '75')

  const history = page.getByRole('list', { name: 'Historique des statuts' }).getByRole('listitem')
  assert.equal(await history.count(), 3)
  assert.match(await history.nth(1).textContent(), /Commande confirmée par téléphone/)
  const shipped = (await history.nth(2).textContent()).replace(/\s+/g, ' ')
  assert.match(shipped, /Expédiée/)
  assert.match(shipped, /par .*Admin/i)
  assert.match(shipped, /\d{1,2} \S+ \d{4}.*\d{2}:\d{2}/)
  assert.match(shipped, /Remis au livreur Moussa/)
  await screenshot(page, 'order-detail-phone')

  // The server keeps it: the customer's own view of the order says shipped.
  const mine = await api('GET', `/orders/${order.id}`, { token })
  assert.equal(mine.json.data.status, 'shipped')
  assert.deepEqual(errors, [])
})

test('desktop: a deactivated customer cannot log in', async () => {
  const email = `khady.${randomUUID().slice(0, 8)}@example.sn`
  const password = 'secret-khady'
  const registered = await api('POST', '/auth/register', {
    body: { firstName: 'Khady', lastName: 'Sarr', email, phone: '78 000 11 22', password },
  })
  assert.equal(registered.status, 201, JSON.stringify(registered.json))

  const { page, errors } = await adminPage()
  await page.goto('/admin/users')
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill(email)
  await page.waitForURL((url) => url.searchParams.get('search') === email)
  const row = page.getByRole('row').filter({ hasText: email })
  await row.getByText('Actif', { exact: true }).waitFor()
  await row.getByRole('button', { name: 'Désactiver Khady Sarr' }).click()
  await page.getByRole('dialog', { name: 'Désactiver le compte' }).getByRole('button', { name: 'Désactiver' }).click()
  await toast(page, 'Utilisateur désactivé').waitFor()
  await row.getByText('Inactif', { exact: true }).waitFor()
  await screenshot(page, 'users')

  // Khady tries to log in, in her own browser.
  const customer = await shop.newPage()
  await logIn(customer, { email, password })
  await customer.getByRole('form', { name: 'Connexion' }).getByText('Ce compte a été désactivé. Contactez le service client.').waitFor()
  assert.match(new URL(customer.url()).pathname, /^\/login/)
  const refused = await api('POST', '/auth/login', { body: { email, password } })
  assert.notEqual(refused.status, 200)
  assert.deepEqual(errors, [])
})

test('desktop: the admin changes a zone’s fee in /admin/delivery; the shop shows it, an order placed before keeps its own', async () => {
  // An order delivered to Médina at Dakar ville's seeded fee.
  const token = await apiLogin(DEMO_CUSTOMER)
  const product = (await api('GET', `/products/${SEEDED_PRODUCT}`)).json.data
  const [color, sizes] = Object.entries(product.stock).find(([, bySize]) => Object.values(bySize).some((n) => n > 0))
  const size = Object.keys(sizes).find((s) => sizes[s] > 0)
  const before = await api('POST', '/orders', {
    token,
    body: {
      items: [{ productId: product.id, quantity: 1, size, color }],
      shippingInfo: {
        firstName: 'Awa',
        lastName: 'Diop',
        email: DEMO_CUSTOMER.email,
        phone: '77 123 45 67',
        address: 'Rue 11 x 22',
        commune: 'medina',
        landmark: 'En face du marché Tilène',
      },
      shippingMethod: 'standard',
      paymentMethod: 'cash_on_delivery',
    },
  })
  assert.equal(before.status, 201, JSON.stringify(before.json))
  assert.equal(before.json.data.shippingCost, 1500)

  const { page, errors } = await adminPage()
  await page.goto('/admin/delivery')
  const row = page.getByRole('row').filter({ hasText: 'Dakar ville' })
  await row.waitFor()
  assert.match(await row.textContent(), /1 500 FCFA/)
  assert.match(await row.textContent(), /19/)
  await row.getByRole('link', { name: 'Modifier Dakar ville' }).click()
  await page.getByRole('heading', { level: 1, name: 'Modifier Dakar ville' }).waitFor()
  const fee = page.getByRole('textbox', { name: label('Frais de livraison standard (FCFA)') })
  await fee.fill('1 800')
  await screenshot(page, 'delivery-zone')
  await page.getByRole('button', { name: 'Enregistrer la zone' }).click()
  await toast(page, 'Zone de livraison enregistrée').waitFor()
  await page.waitForURL('**/admin/delivery')
  await page.getByRole('row').filter({ hasText: 'Dakar ville' }).filter({ hasText: '1 800 FCFA' }).waitFor()

  const zones = (await api('GET', '/delivery/zones')).json.data
  assert.equal(zones.find((zone) => zone.code === 'dakar-ville').fee, 1800)
  const kept = await api('GET', `/orders/${before.json.data.id}`, { token })
  assert.equal(kept.json.data.shippingCost, 1500, 'the order keeps the fee it was charged')
  assert.deepEqual(errors, [])
  await page.context().close()
})
