// A shop run by a team (docs/roles.md), against the real server: the owner makes a seller's and
// a courier's accounts in « Utilisateurs »; the seller, on a 360-px phone, lands on the orders,
// sees no figures, no « Caisse » and no refund on a paid order, and sets a stock with its reason;
// the owner reads it in « Journal » and on the product; the courier has no back-office screen;
// the server refuses what the screens do not offer.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { startShop } from './harness.mjs'

const DEMO_ADMIN = { email: 'admin@bitik.sn', password: 'bitik-admin' }
const DEMO_CUSTOMER = { email: 'client@bitik.sn', password: 'bitik-client' }
const SELLER = { firstName: 'Aïda', lastName: 'Ba', email: 'aida@bitik.sn', phone: '77 100 00 01', password: 'vendeur1', role: 'Vendeur' }
const COURIER = { firstName: 'Modou', lastName: 'Fall', email: 'modou@bitik.sn', phone: '77 100 00 02', password: 'livreur1', role: 'Livreur' }

let shop
before(async () => {
  shop = await startShop()
})
after(async () => {
  await shop?.stop()
})

const label = (text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)

async function api(method, path, { token, body } = {}) {
  const response = await fetch(`${shop.baseUrl}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, json: await response.json().catch(() => null) }
}

async function logIn(page, { email, password }) {
  await page.goto('/login')
  const form = page.getByRole('form', { name: 'Connexion' })
  await form.getByLabel(label('Email')).fill(email)
  await form.getByLabel(label('Mot de passe')).fill(password)
  await form.getByRole('button', { name: 'Se connecter' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
}

async function hire(page, person) {
  await page.goto('/admin/users/new')
  const form = page.getByRole('form', { name: 'Nouvel utilisateur' })
  await form.getByLabel(label('Prénom')).fill(person.firstName)
  await form.getByLabel(label('Nom')).fill(person.lastName)
  await form.getByLabel(label('Email')).fill(person.email)
  await form.getByLabel(label('Téléphone')).fill(person.phone)
  await form.getByLabel(label('Mot de passe')).fill(person.password)
  await form.getByLabel('Rôle').selectOption({ label: person.role })
  await form.getByRole('button', { name: "Créer l'utilisateur" }).click()
  await page.waitForURL('**/admin/users')
}

/** The demo customer's cash order, delivered and its cash received (by the owner, through the API). */
async function paidOrder() {
  const customer = (await api('POST', '/auth/login', { body: DEMO_CUSTOMER })).json.data.token
  const admin = (await api('POST', '/auth/login', { body: DEMO_ADMIN })).json.data.token
  const product = (await api('GET', '/products/t-shirt-teranga-oversize')).json.data
  const [color, sizes] = Object.entries(product.stock).find(([, bySize]) => Object.values(bySize).some((n) => n > 0))
  const size = Object.keys(sizes).find((s) => sizes[s] > 0)
  const placed = await api('POST', '/orders', {
    token: customer,
    body: {
      items: [{ productId: product.id, quantity: 1, size, color }],
      shippingInfo: {
        firstName: 'Awa', lastName: 'Diop', email: DEMO_CUSTOMER.email, phone: '77 123 45 67',
        address: 'Villa 12', commune: 'parcelles-assainies', landmark: 'Près du terminus des bus',
      },
      shippingMethod: 'standard',
      paymentMethod: 'cash_on_delivery',
    },
  })
  assert.equal(placed.status, 201, JSON.stringify(placed.json))
  const order = placed.json.data
  for (const [path, body] of [['confirmation', { confirmation: 'confirmed' }], ['status', { status: 'shipped' }], ['status', { status: 'delivered' }], ['payment', {}]]) {
    const answer = await api('PUT', `/admin/orders/${order.id}/${path}`, { token: admin, body })
    assert.equal(answer.status, 200, `${path}: ${JSON.stringify(answer.json)}`)
  }
  return order
}

test('the owner makes a seller and a courier; each sees only their own work, on a phone', async () => {
  const owner = await shop.newPage()
  await logIn(owner, DEMO_ADMIN)
  await hire(owner, SELLER)
  await hire(owner, COURIER)
  const list = owner.getByRole('main')
  await list.getByText(SELLER.email).waitFor()
  assert.match(await list.textContent(), /Vendeur/)
  assert.match(await list.textContent(), /Livreur/)

  // The seller, on a phone: the orders first, no figures and no money in the sidebar.
  const seller = await shop.newPage({ mobile: true })
  await seller.setViewportSize({ width: 360, height: 780 })
  const errors = []
  seller.on('pageerror', (error) => errors.push(error.message))
  await logIn(seller, SELLER)
  await seller.goto('/admin')
  await seller.waitForURL('**/admin/orders')
  const nav = seller.getByRole('navigation', { name: 'Administration' })
  assert.deepEqual((await nav.getByRole('link').allTextContents()).map((t) => t.trim()), ['Commandes', 'Produits', 'Messages', 'Conversations', 'Connexion en deux étapes'])

  // A paid order: handled, never refunded, by a seller.
  const paid = await paidOrder()
  await seller.goto(`/admin/orders/${paid.id}`)
  await seller.getByRole('heading', { level: 1, name: `Commande ${paid.orderNumber}` }).waitFor()
  await seller.getByRole('region', { name: 'Paiement' }).waitFor()
  assert.equal(await seller.getByRole('region', { name: 'Remboursements' }).count(), 0)
  await seller.goto('/admin/cash')
  await seller.getByText('Cette page n’est pas ouverte à votre rôle.').waitFor()
  // The server says the same to the seller's own session.
  const sellerToken = await seller.evaluate(() => localStorage.getItem('token'))
  const figures = await api('GET', '/admin/orders/stats', { token: sellerToken })
  assert.equal(figures.status, 403)
  assert.equal(figures.json.message, 'Les chiffres de la boutique sont réservés au gérant et à l\'administrateur.')

  // The seller counts a shelf on the phone: a stock set with its reason, kept as a movement.
  const tee = (await api('GET', '/products/t-shirt-teranga-oversize')).json.data
  const [color, bySize] = Object.entries(tee.stock)[0]
  const size = Object.keys(bySize)[0]
  await seller.goto(`/admin/products/edit/${tee.id}`)
  await seller.getByRole('button', { name: 'Ajuster le stock' }).click()
  const dialog = seller.getByRole('dialog', { name: `Stock – ${tee.name}` })
  await dialog.getByLabel(`Stock ${color} ${size}`).fill('2')
  await dialog.getByLabel('Raison').selectOption('damaged')
  await dialog.getByLabel(label('Note')).fill('Deux t-shirts tachés au déballage')
  await dialog.getByRole('button', { name: 'Enregistrer le stock' }).click()
  const movements = seller.getByRole('region', { name: 'Mouvements de stock' })
  await movements.getByText('Deux t-shirts tachés au déballage').waitFor()
  assert.match(await movements.textContent(), /Article abîmé/)
  assert.match(await movements.textContent(), /→ 2/)

  // The owner reads it in « Journal », and on the product's own page.
  await owner.goto('/admin/journal')
  // The entries, not the « Action » filter's options, which name every action too.
  const journal = owner.getByRole('list', { name: 'Entrées du journal' })
  await journal.getByText('Stock ajusté').first().waitFor()
  const entry = await journal.textContent()
  assert.match(entry, new RegExp(SELLER.email))
  assert.match(entry, new RegExp(tee.name))
  assert.match(entry, new RegExp(`stock ${color}/${size}`))
  await owner.goto(`/admin/products/edit/${tee.id}`)
  const productJournal = owner.getByRole('region', { name: 'Journal' })
  await productJournal.getByText('Stock ajusté').waitFor()
  assert.match(await productJournal.textContent(), new RegExp(SELLER.email))

  // The courier: in, but nothing of the back office yet (their deliveries come with their screen).
  const courier = await shop.newPage({ mobile: true })
  await logIn(courier, COURIER)
  await courier.goto('/admin')
  await courier.getByText('Cette page n’est pas ouverte à votre rôle.').waitFor()
  assert.equal((await api('GET', '/admin/orders', { token: await courier.evaluate(() => localStorage.getItem('token')) })).status, 403)

  assert.deepEqual(errors, [])
  await owner.context().close()
  await seller.context().close()
  await courier.context().close()
})
