// The content security policy in a real browser: the storefront, the account area, the admin
// panel and the API documentation work under it, and Chromium reports no violation.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { startShop } from './harness.mjs'

let shop
before(async () => {
  shop = await startShop()
})
after(async () => {
  await shop?.stop()
})

/** A page that records every CSP violation and script error it meets. */
async function watchedPage() {
  const page = await shop.newPage()
  const problems = []
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`)
    })
  })
  page.on('pageerror', (error) => problems.push(error.message))
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()))
  return { page, problems }
}

async function logIn(page, email, password) {
  await page.goto('/login')
  const form = page.getByRole('form', { name: 'Connexion' })
  await form.getByLabel(/^Email/).fill(email)
  await form.getByLabel(/^Mot de passe/).fill(password)
  await form.getByRole('button', { name: 'Se connecter' }).click()
  await page.waitForURL((url) => url.pathname === '/')
}

test('the storefront runs under its policy: pages, product, cart, account', async () => {
  const { page, problems } = await watchedPage()
  const response = await page.goto('/')
  // Its own files and the inline boot of index.html, by its hash: nothing else inline.
  assert.match(response.headers()['content-security-policy'], /script-src 'self' 'sha256-[A-Za-z0-9+/]+=*';/)
  await page.getByRole('heading', { level: 2 }).first().waitFor()
  await page.goto('/products')
  const first = page.locator('main a[href^="/product/"]').first()
  await first.waitFor()
  await first.click()
  await page.waitForURL('**/product/**')
  await page.getByRole('heading', { level: 1 }).waitFor()
  // Loaded from the server, a product page carries its JSON-LD, which the policy leaves alone.
  await page.goto(page.url())
  await page.getByRole('heading', { level: 1 }).waitFor()
  assert.equal(await page.locator('script[type="application/ld+json"]').count(), 1)
  for (const path of ['/cart', '/contact', '/about', '/nulle-part']) {
    await page.goto(path)
    await page.getByRole('heading', { level: 1 }).first().waitFor()
  }
  await logIn(page, 'client@bitik.sn', 'bitik-client')
  await page.goto('/account')
  await page.getByRole('form', { name: 'Mes informations' }).waitFor()
  assert.deepEqual(problems, [])
  await page.context().close()
})

test('the admin panel runs under the same policy', async () => {
  const { page, problems } = await watchedPage()
  await logIn(page, 'admin@bitik.sn', 'bitik-admin')
  await page.goto('/admin')
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  assert.deepEqual(problems, [])
  await page.context().close()
})

test('the API documentation works under its own policy', async () => {
  const { page, problems } = await watchedPage()
  const response = await page.goto('/api/docs/')
  assert.match(response.headers()['content-security-policy'], /script-src 'self';/)
  await page.getByText('Bitik API').first().waitFor()
  await page.locator('.opblock-tag', { hasText: 'catalog' }).first().waitFor()
  assert.deepEqual(problems, [])
  await page.context().close()
})

test('a page of the shop cannot be framed, not even by the shop itself', async () => {
  const page = await shop.newPage()
  // Chromium refuses to render the frame and says why in the console.
  const refused = page.waitForEvent('console', { predicate: (m) => /frame-ancestors 'none'/.test(m.text()) })
  await page.setContent(`<iframe src="${shop.baseUrl}/"></iframe>`)
  await refused
  await page.context().close()
})
