// The information pages and /forgot-password in a real browser against the real server
// every page is reached from the footer and renders its h1 and head, the contact
// FAQ opens one answer at a time, /delivery shows the fees the API serves, and the
// forgot-password form checks the e-mail before opening WhatsApp. The shop is not the build's:
// it runs with its own SHOP_* settings, which every page says (footer, home page, /about).
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { startShop } from './harness.mjs'

// The server's settings, which no build of the storefront knows.
const SHOP = { name: 'Teranga Wear', phone: '+221 33 800 00 00', whatsapp: '221338000000', email: 'bonjour@teranga.sn' }

let shop
before(async () => {
  shop = await startShop({
    env: { SHOP_NAME: SHOP.name, SHOP_PHONE: SHOP.phone, SHOP_WHATSAPP: SHOP.whatsapp, SHOP_EMAIL: SHOP.email },
  })
})
after(async () => {
  await shop?.stop()
})

// Footer group → link label → h1 and page title.
const PAGES = [
  { group: SHOP.name, link: 'À propos', path: '/about', h1: 'Née à Dakar, faite pour la rue', title: `À propos | ${SHOP.name}` },
  { group: 'Aide', link: 'Contact', path: '/contact', h1: 'Contactez-nous', title: `Contact | ${SHOP.name}` },
  { group: 'Aide', link: 'Livraison', path: '/delivery', h1: 'Livraison et retrait en boutique', title: `Livraison | ${SHOP.name}` },
  { group: 'Aide', link: 'Retours et échanges', path: '/returns', h1: 'Retours et remboursements', title: `Retours et remboursements | ${SHOP.name}` },
  { group: SHOP.name, link: 'Politique de confidentialité', path: '/privacy', h1: 'Politique de confidentialité', title: `Politique de confidentialité | ${SHOP.name}` },
  { group: SHOP.name, link: 'Conditions générales de vente', path: '/terms', h1: 'Conditions générales de vente', title: `Conditions générales de vente | ${SHOP.name}` },
]

/** The shop's price format: '12 500 FCFA' (fr-FR grouping, plain spaces). */
function formatPrice(amount) {
  return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 }).format(amount).replace(/[\u202f\u00a0]/g, ' ')} FCFA`
}

function collectErrors(page) {
  const errors = []
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

for (const mobile of [true, false]) {
  const viewport = mobile ? 'phone' : 'desktop'

  test(`${viewport}: the footer leads to each information page, which renders its h1, title and canonical`, async () => {
    const page = await shop.newPage({ mobile })
    const errors = collectErrors(page)
    await page.goto('/')
    for (const info of PAGES) {
      const footer = page.locator('footer')
      if (mobile) {
        // On a phone the link groups are collapsed.
        const toggle = footer.getByRole('button', { name: info.group, exact: true })
        if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
      }
      await footer.getByRole('link', { name: info.link, exact: true }).click()
      await page.waitForURL(`**${info.path}`)
      await page.getByRole('heading', { level: 1, name: info.h1 }).waitFor()
      assert.equal(await page.getByRole('heading', { level: 1 }).count(), 1, `one h1 on ${info.path}`)
      await page.waitForFunction((title) => document.title === title, info.title)
      assert.equal(await page.locator('link[rel="canonical"]').getAttribute('href'), `${shop.baseUrl}${info.path}`)
      const description = await page.locator('meta[name="description"]').getAttribute('content')
      assert.ok(description && description.length > 60, `a description on ${info.path}`)
    }
    assert.deepEqual(errors, [])
    await page.context().close()
  })
}

test('a direct visit to each information page renders it (server fallback to the storefront)', async () => {
  const page = await shop.newPage()
  const errors = collectErrors(page)
  for (const info of PAGES) {
    const response = await page.goto(info.path)
    assert.equal(response.status(), 200, info.path)
    await page.getByRole('heading', { level: 1, name: info.h1 }).waitFor()
  }
  assert.deepEqual(errors, [])
  await page.context().close()
})

test('the contact FAQ opens one answer at a time', async () => {
  const page = await shop.newPage({ mobile: true })
  await page.goto('/contact')
  await page.getByRole('heading', { level: 2, name: 'Questions fréquentes' }).waitFor()
  // The answers shown (sections with a heading are regions too: count the FAQ's panels only).
  const faq = page.locator('main [role="region"]:not([hidden])')
  const questions = page.locator('main button[aria-controls]')
  assert.equal(await questions.count(), 6)
  assert.equal(await faq.count(), 0, 'all answers closed at first')

  const delivery = page.getByRole('button', { name: /^Quels sont les délais et les zones de livraison/ })
  const payment = page.getByRole('button', { name: /^Quels moyens de paiement acceptez-vous/ })
  await delivery.click()
  assert.equal(await delivery.getAttribute('aria-expanded'), 'true')
  await page.getByRole('region', { name: /^Quels sont les délais et les zones de livraison/ }).getByText(/toute la région de Dakar/).waitFor()
  assert.equal(await faq.count(), 1)

  await payment.click()
  assert.equal(await payment.getAttribute('aria-expanded'), 'true')
  assert.equal(await delivery.getAttribute('aria-expanded'), 'false')
  assert.equal(await faq.count(), 1)
  const answer = page.getByRole('region', { name: /^Quels moyens de paiement acceptez-vous/ })
  await answer.getByText('Paiement à la livraison').waitFor()
  assert.match(await answer.innerText(), /Wave/)

  await payment.click()
  assert.equal(await faq.count(), 0)

  // The call to action: 'Contacter par email' goes back to the e-mail option at the top.
  await page.getByRole('button', { name: 'Contacter par email' }).click()
  await page.waitForFunction(() => document.activeElement?.getAttribute('href')?.startsWith('mailto:'))
  await page.waitForFunction(() => window.scrollY < 400)
  await page.context().close()
})

test('/delivery lists the zones served by GET /api/delivery/zones, with every commune', async () => {
  const { data } = await (await fetch(`${shop.baseUrl}/api/delivery/zones`)).json()
  assert.ok(data.length >= 4)
  const page = await shop.newPage({ mobile: true })
  await page.goto('/delivery')
  const list = page.getByRole('list', { name: 'Zones de livraison et tarifs' })
  await list.waitFor()
  assert.equal(await list.locator(':scope > li').count(), data.length)
  for (const zone of data) {
    const card = list.locator(`li[data-zone="${zone.code}"]`)
    const text = await card.textContent()
    assert.ok(text.includes(zone.name) && text.includes(formatPrice(zone.fee)) && text.includes(zone.delay), `${zone.code}: ${text}`)
    if (zone.freeFrom !== null) assert.ok(text.includes(`Offerte dès ${formatPrice(zone.freeFrom)}`), `${zone.code}: ${text}`)
    assert.ok(text.includes(zone.cashOnDelivery ? 'Wave ou à la livraison' : 'Wave uniquement'), `${zone.code}: ${text}`)
    for (const commune of zone.communes) assert.ok(text.includes(commune.name), `${zone.code}: ${commune.name}`)
  }
  await page.context().close()
})

test('/forgot-password: reached from /login, checks the e-mail, keeps the fallback disabled while empty', async () => {
  const page = await shop.newPage({ mobile: true })
  const errors = collectErrors(page)
  await page.goto('/login')
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click()
  await page.waitForURL('**/forgot-password')
  await page.getByRole('heading', { level: 1, name: /^Mot de passe oublié/ }).waitFor()
  await page.getByText(/répond généralement en 2 à 4 heures/).waitFor()
  assert.equal(await page.getByRole('link', { name: 'Retour à la connexion' }).getAttribute('href'), '/login')

  const form = page.getByRole('form', { name: 'Mot de passe oublié' })
  const email = form.getByLabel(/^Adresse email/)
  const submit = form.getByRole('button', { name: 'Contacter le support' })
  const fallback = form.getByRole('button', { name: 'Ouvrir dans le navigateur' })

  assert.equal(await fallback.isDisabled(), true)
  await submit.click()
  await form.getByText('Veuillez saisir votre adresse email').waitFor()
  await email.fill('   ')
  assert.equal(await fallback.isDisabled(), true)
  await form.getByText('Veuillez saisir votre adresse email').waitFor()
  await email.fill('awa.example.sn')
  assert.equal(await fallback.isDisabled(), false)
  await form.getByText('Veuillez saisir une adresse email valide').waitFor()
  assert.equal(await email.getAttribute('aria-invalid'), 'true')
  await email.fill('awa@example.sn')
  assert.equal(await form.getByText('Veuillez saisir une adresse email valide').count(), 0)
  await email.fill('')
  assert.equal(await fallback.isDisabled(), true)
  assert.deepEqual(errors, [])
  await page.context().close()
})

test('/forgot-password on a computer: Préparation..., then WhatsApp Web in a new tab with the e-mail in the message', async () => {
  const page = await shop.newPage()
  // No trip to the real WhatsApp Web.
  await page.context().route('https://web.whatsapp.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>WhatsApp Web</p>' }))
  let noted = null
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/forgot-password')) noted = request.postDataJSON()
  })
  await page.goto('/forgot-password')
  const form = page.getByRole('form', { name: 'Mot de passe oublié' })
  await form.getByLabel(/^Adresse email/).fill('awa@example.sn')
  const popup = page.waitForEvent('popup')
  await form.getByRole('button', { name: 'Contacter le support' }).click()
  await form.getByRole('button', { name: 'Préparation...' }).waitFor()
  const tab = await popup
  await tab.waitForURL(/^https:\/\/web\.whatsapp\.com\/send/)
  const url = new URL(tab.url())
  assert.equal(url.searchParams.get('phone'), SHOP.whatsapp)
  assert.match(url.searchParams.get('text'), /awa@example\.sn/)
  assert.match(url.searchParams.get('text'), new RegExp(`^Bonjour ${SHOP.name},`))
  assert.equal(await tab.evaluate(() => window.opener), null)
  await page.getByText('Redirection vers WhatsApp...').waitFor()
  await page.getByText('WhatsApp Web ouvert dans un nouvel onglet').waitFor()
  await form.getByRole('button', { name: 'Contacter le support' }).waitFor()
  assert.deepEqual(noted, { email: 'awa@example.sn' })
  await page.context().close()
})

test('the footer, the home page and /about say the shop of the server’s settings, as GET /api/shop does', async () => {
  const answer = await (await fetch(`${shop.baseUrl}/api/shop`)).json()
  assert.equal(answer.data.name, SHOP.name)
  const page = await shop.newPage()
  const errors = collectErrors(page)
  await page.goto('/')
  await page.waitForFunction((title) => document.title === title, `${SHOP.name} — Mode urbaine à Dakar`)
  const footer = page.locator('footer')
  assert.equal((await footer.locator('#footer-brand').textContent()).trim(), answer.data.name)
  await footer.getByRole('link', { name: answer.data.email }).waitFor()
  assert.equal(await footer.getByRole('link', { name: answer.data.phone }).getAttribute('href'), `tel:${SHOP.phone.replace(/\s+/g, '')}`)
  await footer.getByRole('heading', { level: 2, name: SHOP.name, exact: true }).first().waitFor()
  await page.getByText(`${SHOP.name}, une marque née à Dakar en 2024`).waitFor()
  assert.doesNotMatch(await page.locator('body').innerText(), /Bitik/, 'nothing of the build’s shop on the home page')
  await page.goto('/about')
  await page.getByText(`L’aventure de ${SHOP.name} commence en 2024 à Dakar`).waitFor()
  assert.doesNotMatch(await page.locator('body').innerText(), /Bitik/, 'nor on /about')
  assert.deepEqual(errors, [])
  await page.context().close()
})
