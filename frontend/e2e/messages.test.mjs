// The shop's messages in a real browser against the real server (docs/messages.md):
// - without e-mail configured (the journeys' usual shop), an order placed writes its messages,
//   the admin sees them on the order and on the Messages page as « Non envoyé : e-mail non
//   configuré », and « Renvoyer » puts one through the sender again; /forgot-password offers
//   no link by e-mail;
// - with a real SMTP server (aiosmtpd, as the API tests use), « Recevoir un lien par e-mail »
//   gives the same answer for an unknown address and an account's, only the account's owner gets
//   an e-mail, and its link sets a new password once.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { startMailServer, startShop } from './harness.mjs'

const DEMO_ADMIN = { email: 'admin@bitik.sn', password: 'bitik-admin' }
const DEMO_CUSTOMER = { email: 'client@bitik.sn', password: 'bitik-client' }
// Seeded (crates/demo/src/catalog.json).
const PRODUCT = { slug: 't-shirt-teranga-oversize' }
const NOT_SENT = 'Non envoyé : e-mail non configuré'
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
  await page.screenshot({ path: join(SCREENSHOTS, `messages-${name}.png`), fullPage: true })
}

function collectErrors(page) {
  const errors = []
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

async function api(baseUrl, method, path, { token, body } = {}) {
  const response = await fetch(`${baseUrl}/api${path}`, {
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

/** Polls the order's messages (as the back office reads them) until `done` says so. */
async function messagesOf(baseUrl, token, orderId, done, within = 30_000) {
  const until = Date.now() + within
  for (;;) {
    const { json } = await api(baseUrl, 'GET', `/admin/orders/${orderId}/messages`, { token })
    if (done(json.data)) return json.data
    if (Date.now() > until) throw new Error(`the order's messages are still ${JSON.stringify(json.data, null, 1)}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

const allNotSent = (count) => (messages) => messages.length === count && messages.every((m) => m.state === 'not_configured')

test('without e-mail: the order’s messages are kept as not sent, listed on the order and the Messages page, and sent again on request', async () => {
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
  await delivery.getByRole('combobox', { name: label('Commune') }).selectOption({ label: 'Médina' })
  await delivery.getByRole('textbox', { name: 'Adresse', exact: true }).fill('Rue 10, villa 4')
  await delivery.getByRole('textbox', { name: label('Point de repère') }).fill('Près de la mosquée')
  await shopper.getByRole('button', { name: 'Suivant' }).click()
  await shopper.getByRole('radio', { name: /^Paiement à la livraison/ }).check()
  await shopper.getByRole('button', { name: 'Suivant' }).click()
  await shopper.getByRole('button', { name: 'Confirmer la commande' }).click()
  const orderNumber = (await shopper.getByTestId('order-number').textContent()).trim()

  const login = await api(shop.baseUrl, 'POST', '/auth/login', { body: DEMO_ADMIN })
  const adminToken = login.json.data.token
  const found = await api(shop.baseUrl, 'GET', `/admin/orders?search=${orderNumber}`, { token: adminToken })
  const order = found.json.data[0]
  // The customer's receipt, the shop's notice, the request to confirm: written with the order,
  // then marked not sent by the sender (never « sent »).
  const kept = await messagesOf(shop.baseUrl, adminToken, order.id, allNotSent(3))
  assert.deepEqual(kept.map((m) => m.kind).sort(), ['confirmation_asked', 'order_placed', 'shop_new_order'])

  // 2. The admin sees them on the order.
  const admin = await shop.newPage()
  const adminErrors = collectErrors(admin)
  await logIn(admin, DEMO_ADMIN)
  await admin.goto(`/admin/orders/${order.id}`)
  await admin.getByRole('heading', { level: 1, name: `Commande ${orderNumber}` }).waitFor()
  const onOrder = admin.getByRole('table', { name: 'Messages de la commande' })
  await onOrder.waitFor()
  const rows = onOrder.getByRole('row').filter({ hasText: NOT_SENT })
  assert.equal(await rows.count(), 3)
  await rows.filter({ hasText: 'Commande reçue' }).filter({ hasText: DEMO_CUSTOMER.email }).filter({ hasText: orderNumber }).waitFor()
  await rows.filter({ hasText: 'Nouvelle commande (boutique)' }).filter({ hasText: 'contact@bitik.sn' }).waitFor()
  await rows.filter({ hasText: 'Demande de confirmation' }).filter({ hasText: DEMO_CUSTOMER.email }).waitFor()
  // Its seven columns stay in the page's main column (scrolling there), clear of the customer's
  // card beside it: just past the column's edge, beside the first row, is not the table.
  const firstRow = onOrder.getByRole('row').nth(1)
  await firstRow.scrollIntoViewIfNeeded()
  const column = await admin.getByRole('region', { name: 'Messages' }).boundingBox()
  const row = await firstRow.boundingBox()
  const spills = await onOrder.evaluate(
    (table, { x, y }) => table.contains(document.elementFromPoint(x, y)),
    { x: column.x + column.width + 8, y: row.y + row.height / 2 },
  )
  assert.equal(spills, false, 'the messages table spills out of its column')
  await screenshot(admin, 'order')

  // 3. And on the Messages page, which opens on every message; « Lire » shows one's body.
  await admin.getByRole('navigation', { name: /Administration/ }).getByRole('link', { name: 'Messages' }).first().click()
  await admin.waitForURL('**/admin/messages')
  await admin.getByRole('heading', { level: 1, name: 'Messages' }).waitFor()
  const listed = admin.getByRole('table', { name: 'Messages' }).getByRole('row').filter({ hasText: orderNumber })
  await listed.first().waitFor()
  assert.equal(await listed.filter({ hasText: NOT_SENT }).count(), 3)
  const receiptRow = listed.filter({ hasText: 'Commande reçue' })
  await receiptRow.getByText('Lire').click()
  const firstLine = kept.find((m) => m.kind === 'order_placed').text.split('\n').find((line) => line.trim())
  await receiptRow.getByText(firstLine.trim(), { exact: false }).first().waitFor()
  await admin.getByLabel('État').selectOption({ label: 'Non envoyé : canal non configuré' })
  await admin.waitForURL((url) => url.searchParams.get('state') === 'not_configured')
  await listed.first().waitFor()
  await screenshot(admin, 'page')

  // 4. « Renvoyer »: the message goes back to the sender, which marks it not sent again.
  const receipt = kept.find((m) => m.kind === 'order_placed')
  await admin.getByRole('button', { name: `Renvoyer Commande reçue à ${DEMO_CUSTOMER.email}` }).click()
  await toast(admin, 'Message remis en envoi').waitFor()
  const again = await messagesOf(shop.baseUrl, adminToken, order.id, (messages) => {
    const resent = messages.find((m) => m.id === receipt.id)
    return resent.nextAttemptAt !== receipt.nextAttemptAt && allNotSent(3)(messages)
  })
  assert.ok(new Date(again.find((m) => m.id === receipt.id).nextAttemptAt) > new Date(receipt.nextAttemptAt), 'tried again')
  await admin.reload()
  await listed.filter({ hasText: 'Commande reçue' }).filter({ hasText: NOT_SENT }).waitFor()
  assert.equal(await listed.count(), 3, 'resent, not copied')

  // 5. Without e-mail, /forgot-password keeps the WhatsApp path only.
  const guest = await shop.newPage()
  await guest.goto('/forgot-password')
  await guest.getByRole('heading', { level: 1, name: 'Mot de passe oublié ?' }).waitFor()
  await guest.getByRole('button', { name: 'Contacter le support' }).waitFor()
  assert.equal(await guest.getByRole('button', { name: 'Recevoir un lien par e-mail' }).count(), 0)

  assert.deepEqual(shopperErrors, [])
  assert.deepEqual(adminErrors, [])
  for (const page of [shopper, admin, guest]) await page.context().close()
})

test('with e-mail: a reset link by e-mail gives an unknown address the same answer and nothing, and the account’s link works once', async () => {
  const mail = await startMailServer()
  const mailShop = await startShop({ env: { SMTP_URL: mail.url } })
  try {
    const page = await mailShop.newPage({ mobile: true })
    const errors = collectErrors(page)
    const ask = async (email) => {
      await page.goto('/forgot-password')
      const form = page.getByRole('form', { name: 'Mot de passe oublié' })
      await form.getByLabel(label('Adresse email')).fill(email)
      await form.getByRole('button', { name: 'Recevoir un lien par e-mail' }).click()
      const answer = page.locator('p[role="status"]')
      await answer.waitFor()
      return (await answer.textContent()).trim()
    }
    const unknown = await ask('personne@example.sn')
    const known = await ask('Client@Bitik.sn')
    assert.equal(known, unknown, 'the same answer, account or not')
    assert.match(known, /Si un compte existe avec cette adresse/)
    await screenshot(page, 'forgot')

    // Messages go out oldest first: had the unknown address had one, it would be here already.
    const [received] = await mail.waitFor(1)
    await new Promise((r) => setTimeout(r, 1000))
    assert.equal(mail.mails().length, 1, 'only the account’s owner got an e-mail')
    assert.match(received, /^To: client@bitik\.sn/m)
    assert.match(received, /expire le/)
    const token = received.match(/\/reset-password\/([0-9a-f]{64})/)?.[1]
    assert.ok(token, received)

    // The link sets a new password, once.
    await page.goto(`/reset-password/${token}`)
    const reset = page.getByRole('form', { name: 'Nouveau mot de passe' })
    await reset.getByLabel(label('Nouveau mot de passe')).fill('nouveau-mot-1')
    await reset.getByLabel(label('Confirmer le mot de passe')).fill('nouveau-mot-1')
    await reset.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' }).click()
    await page.waitForURL('**/login')
    await logIn(page, { email: DEMO_CUSTOMER.email, password: 'nouveau-mot-1' })
    const again = await api(mailShop.baseUrl, 'POST', `/auth/reset-password/${token}`, { body: { password: 'encore-un-1' } })
    assert.equal(again.status, 404, 'the link served once')

    assert.deepEqual(errors, [])
    await page.context().close()
  } finally {
    await mailShop.stop()
    await mail.stop()
  }
})
