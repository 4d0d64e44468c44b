// The shop's shell: the home page renders, the header search leads to the listing, unknown
// paths show the 404 page.
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

test('the home page renders with its header, hero, categories and footer', async () => {
  const page = await shop.newPage()
  const errors = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto('/')
  await page.getByRole('link', { name: /accueil/ }).first().waitFor()
  assert.match(await page.title(), /Bitik Dakar/)
  await page.getByRole('heading', { level: 2 }).first().waitFor()
  const tshirts = page.locator('main a[href="/category/vetement/t-shirt"]').first()
  await tshirts.waitFor()
  const footer = page.locator('footer')
  assert.ok(await footer.getByRole('link', { name: /livraison/i }).count(), 'footer links to /delivery')
  assert.equal(await page.locator('link[rel="canonical"]').getAttribute('href'), `${shop.baseUrl}/`)
  assert.deepEqual(errors, [])
  await page.context().close()
})

test('the header search goes to /products?search=… and ignores blank text', async () => {
  const page = await shop.newPage()
  await page.goto('/')
  const search = page.getByPlaceholder('Rechercher un produit…')
  await search.fill('   ')
  await search.press('Enter')
  assert.equal(new URL(page.url()).pathname, '/')
  await search.fill('chaine')
  await search.press('Enter')
  await page.waitForURL('**/products?search=chaine')
  await page.getByRole('heading', { level: 1, name: /chaine/ }).waitFor()
  await page.context().close()
})

test('on a phone the search is an icon that opens a search bar', async () => {
  const page = await shop.newPage({ mobile: true })
  await page.goto('/')
  await page.getByRole('button', { name: 'Ouvrir la recherche' }).click()
  const search = page.getByPlaceholder('Rechercher un produit…')
  await search.fill('lunettes')
  await search.press('Enter')
  await page.waitForURL('**/products?search=lunettes')
  await page.context().close()
})

test('an unknown path shows the 404 page with its links', async () => {
  const page = await shop.newPage()
  await page.goto('/nulle-part/ici')
  await page.getByRole('heading', { level: 1, name: 'Page introuvable' }).waitFor()
  for (const href of ['/', '/products', '/category/vetement/t-shirt', '/category/vetement/pull',
    '/category/accessoire/lunette', '/category/accessoire/chaine']) {
    assert.ok(await page.locator(`main a[href="${href}"]`).count(), `a link to ${href}`)
  }
  await page.getByRole('link', { name: 'Voir tous les produits' }).click()
  await page.waitForURL('**/products')
  await page.context().close()
})
