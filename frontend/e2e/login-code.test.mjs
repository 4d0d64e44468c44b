// Customers by their phone, on a phone screen (docs/rules.md#login-by-code,
// #orders-without-an-account): /login's « Recevoir un code sur WhatsApp », the code read from the
// fake Cloud API as the customer's WhatsApp shows it, and the shopper logged in to an account
// opened for the phone; an order placed with a name and a phone only, opened from its own link in
// another browser, confirmed there, and found in « Mes commandes » after logging in by code; then
// the shop's side (docs/messages.md#whatsapp): the order's messages went on WhatsApp, the admin
// sees Meta's delivered and read ticks on them, the customer's question in « Conversations »,
// answers it from a phone, and reads the month's WhatsApp bill on the Messages page.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { startShop } from './harness.mjs'
import { startFakeWhatsApp } from './fake-whatsapp.mjs'

let shop
let whatsapp
before(async () => {
  whatsapp = await startFakeWhatsApp()
  // Order messages priced, login codes not: the Messages page says which it cannot count.
  shop = await startShop({ env: { ...whatsapp.env, WHATSAPP_PRICE_UTILITY: '2,4' } })
})
after(async () => {
  await shop?.stop()
  await whatsapp?.stop()
})

test('phone: a new customer logs in with the code WhatsApp brought, without e-mail or password', async () => {
  const page = await shop.newPage({ mobile: true })
  await page.goto('/login')
  await page.getByRole('button', { name: 'Recevoir un code sur WhatsApp' }).click()

  const phoneForm = page.getByRole('form', { name: 'Connexion par WhatsApp' })
  await phoneForm.getByLabel('Numéro WhatsApp').fill('77 412 30 98')
  await phoneForm.getByRole('button', { name: 'Recevoir le code' }).click()

  const codeForm = page.getByRole('form', { name: 'Code reçu sur WhatsApp' })
  await codeForm.getByText("Si ce numéro est sur WhatsApp, un code de connexion vient d'y être envoyé.").waitFor()
  const code = await whatsapp.codeSentTo('221774123098')
  assert.match(code, /^\d{6}$/)
  await codeForm.getByLabel('Code reçu').fill(`${code.slice(0, 3)} ${code.slice(3)}`)
  await codeForm.getByRole('button', { name: 'Se connecter', exact: true }).click()

  // Logged in, and taken where a login goes (home, here); the account is the phone's.
  await page.waitForURL((url) => url.pathname === '/')
  const me = await page.evaluate(async () => {
    const answer = await fetch('/api/auth/me', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } })
    return (await answer.json()).data
  })
  assert.deepEqual([me.email, me.loginPhone, me.role], [null, '+221774123098', 'customer'])
  assert.equal(whatsapp.sent.length, 1, 'one message: the code')
  // No name yet: the header names the account by its phone.
  await page.getByRole('button', { name: /^Compte de 77\s412\s30\s98$/ }).waitFor()
  await page.close()
})

test('phone: a guest orders with a name and a phone, follows the order from its link, then finds it by logging in with a code', async () => {
  const page = await shop.newPage({ mobile: true })
  await page.goto('/product/t-shirt-teranga-oversize')
  await page.getByRole('group', { name: 'Taille' }).getByRole('radio', { name: 'M', exact: true }).check()
  await page.getByRole('button', { name: 'Ajouter au panier' }).click()
  await page.getByRole('dialog', { name: 'Votre panier' }).getByRole('link', { name: 'Commander' }).click()

  // No login asked: the form, with a word that a name and a phone are enough.
  await page.waitForURL('**/checkout')
  await page.getByText('Pas besoin de compte', { exact: false }).waitFor()
  const delivery = page.getByRole('form', { name: 'Adresse de livraison' })
  const field = (name) => delivery.getByRole('textbox', { name: new RegExp(`^${name}`) })
  await field('Prénom').fill('Khady')
  await field('Nom').fill('Ndiaye')
  await field('Téléphone').fill('77 555 12 34')
  await delivery.getByRole('combobox', { name: /^Commune/ }).selectOption({ label: 'Médina' })
  await field('Adresse').fill('Rue 6 x Blaise Diagne')
  await field('Point de repère').fill('Derrière la grande mosquée')
  await page.getByRole('button', { name: 'Suivant' }).click()
  await page.getByRole('radio', { name: /^Paiement à la livraison/ }).check()
  await page.getByRole('button', { name: 'Suivant' }).click()
  await page.getByRole('button', { name: 'Confirmer la commande' }).click()
  await page.getByRole('heading', { name: /^Merci pour votre commande/ }).waitFor()
  const orderNumber = (await page.getByTestId('order-number').textContent()).trim()
  const link = await page.getByTestId('order-link').getAttribute('href')
  assert.match(link, /\/orders\/[0-9a-f-]{36}\?k=[0-9a-f]{32}$/)
  await page.context().close()

  // Another browser, no session: the link alone opens the order, which she confirms.
  const other = await shop.newPage({ mobile: true })
  await other.goto(new URL(link).pathname + new URL(link).search)
  await other.getByRole('heading', { level: 1, name: `Commande ${orderNumber}` }).waitFor()
  assert.equal((await other.getByTestId('order-status').textContent()).trim(), 'En attente')
  assert.equal(await other.getByRole('link', { name: '← Mes commandes' }).count(), 0, 'no account, no list')
  await other.getByRole('button', { name: 'Confirmer ma commande' }).click()
  await other.getByText('Votre commande est confirmée', { exact: false }).first().waitFor()

  // Logging in with a code sent to that phone: the order is in « Mes commandes ».
  await other.goto('/login')
  await other.getByRole('button', { name: 'Recevoir un code sur WhatsApp' }).click()
  const phoneForm = other.getByRole('form', { name: 'Connexion par WhatsApp' })
  await phoneForm.getByLabel('Numéro WhatsApp').fill('77 555 12 34')
  await phoneForm.getByRole('button', { name: 'Recevoir le code' }).click()
  const codeForm = other.getByRole('form', { name: 'Code reçu sur WhatsApp' })
  await codeForm.getByLabel('Code reçu').fill(await whatsapp.codeSentTo('221775551234'))
  await codeForm.getByRole('button', { name: 'Se connecter', exact: true }).click()
  await other.waitForURL((url) => url.pathname === '/')
  await other.goto('/orders')
  await other.getByRole('link', { name: new RegExp(orderNumber) }).waitFor()
  await other.context().close()
})

test('phone: the admin sees the ticks of an order’s WhatsApp messages, a customer’s question in Conversations, and answers it', async () => {
  // The guest's order above went on WhatsApp: its receipt and its confirmation request.
  const sent = await whatsapp.sentTo('221775551234', 2)
  const receipt = sent.find((m) => m.template?.name === 'commande_recue')
  const asking = sent.find((m) => m.template?.name === 'confirmation_commande')
  // Meta's times are whole seconds: from the next one, her message comes after everything sent
  // to her before (the login code of the journey above, too).
  await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000)))
  const now = String(Math.floor(Date.now() / 1000))
  await whatsapp.deliver(shop.baseUrl, {
    statuses: [
      { id: receipt.id, status: 'read', timestamp: now, recipient_id: '221775551234' },
      { id: asking.id, status: 'delivered', timestamp: now, recipient_id: '221775551234' },
    ],
  })
  await whatsapp.deliver(shop.baseUrl, {
    contacts: [{ profile: { name: 'Khady' }, wa_id: '221775551234' }],
    messages: [{ from: '221775551234', id: 'wamid.khady1', timestamp: now, type: 'text', text: { body: 'Vous livrez aussi à Yoff ?' } }],
  })

  const page = await shop.newPage({ mobile: true })
  await page.goto('/login')
  const form = page.getByRole('form', { name: 'Connexion' })
  await form.getByLabel(/^Email/).fill('admin@bitik.sn')
  await form.getByLabel(/^Mot de passe/).fill('bitik-admin')
  await form.getByRole('button', { name: 'Se connecter' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))

  await page.goto('/admin/conversations')
  const conversation = page.getByRole('link', { name: /^Khady\s+1 non lu$/ })
  await conversation.waitFor()
  await page.getByText('Vous livrez aussi à Yoff ?').waitFor()
  await conversation.click()
  await page.getByRole('heading', { name: /^Conversation avec 77\s555\s12\s34$/ }).waitFor()
  const thread = page.getByRole('list', { name: 'Messages' })
  // The receipt read (blue ticks), the request delivered, then her question.
  await thread.locator('[data-delivery="read"]').filter({ hasText: 'Lu' }).waitFor()
  await thread.locator('[data-delivery="delivered"]').filter({ hasText: 'Distribué' }).waitFor()
  assert.equal(await thread.getByRole('listitem').last().innerText().then((t) => t.split('\n')[0]), 'Vous livrez aussi à Yoff ?')

  await page.getByRole('textbox', { name: 'Votre réponse' }).fill('Oui, Yoff est livré en 24 h.')
  await page.getByRole('button', { name: 'Envoyer' }).click()
  await page.getByRole('status', { name: 'Notifications' }).getByText('Réponse envoyée sur WhatsApp').waitFor()
  const answered = await whatsapp.sentTo('221775551234', 3)
  assert.deepEqual(answered.filter((m) => m.type === 'text').map((m) => m.text.body), ['Oui, Yoff est livré en 24 h.'])
  await thread.getByText('Oui, Yoff est livré en 24 h.').waitFor()
  // Nothing wider than the phone's screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  assert.ok(overflow <= 0, `the conversation is ${overflow}px wider than the phone`)

  // On the order's own screen: her message, with the way to the conversation.
  await page.getByRole('link', { name: /^ORD-/ }).first().click()
  await page.getByRole('heading', { name: 'WhatsApp du client' }).waitFor()
  await page.getByRole('link', { name: 'Répondre dans la conversation' }).waitFor()

  // The month's bill: the templates the Cloud API took, by category (a free reply costs nothing).
  const templates = whatsapp.sent.filter((m) => m.type === 'template')
  const codes = templates.filter((m) => m.template.name === 'code_connexion').length
  const utility = templates.length - codes
  assert.ok(codes >= 2 && utility >= 2, `${codes} codes, ${utility} order messages`)
  await page.goto('/admin/messages')
  const bill = page.getByRole('table', { name: 'Messages WhatsApp envoyés et leur coût' })
  const line = async (name) => {
    const row = bill.getByRole('row').filter({ hasText: name })
    await row.waitFor()
    const cells = await row.locator('th, td').allTextContents()
    return cells.join(' ').replace(/\s+/g, ' ').trim()
  }
  assert.equal(await line('Utilitaire'), `Utilitaire ${utility} 2,40 FCFA ${Math.round(utility * 2.4)} FCFA`)
  assert.equal(await line('Authentification'), `Authentification ${codes} prix non renseigné —`)
  assert.equal(await line('Total'), 'Total incomplet : prix non renseigné')
  await page.close()
})
