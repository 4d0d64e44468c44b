// What a shopper on a slow line can do before the scripts are there (issue 26). The server paints
// the header and the page's first view; the journeys hold the entry script back to stand in the
// gap a phone's slow line makes. Every link painted there works, a tap on the header's menu,
// search, account or cart is replayed once React is there (or followed when React never comes),
// and nothing is painted that would not answer: « Ajouter au panier » comes with React.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { startShop } from './harness.mjs'

// Seeded (crates/demo/src/catalog.json).
const PRODUCT = { slug: 't-shirt-yoff-surf-club', name: 'T-shirt Yoff Surf Club' }
const ENTRY = /\/assets\/index-[^/]*\.js$/

let shop
before(async () => {
  shop = await startShop()
})
after(async () => {
  await shop?.stop()
})

/** A phone page whose entry script waits for `release()`: the painted view, before React. */
async function pageBeforeReact() {
  const page = await shop.newPage({ mobile: true })
  let release
  const released = new Promise((resolve) => {
    release = resolve
  })
  await page.route(ENTRY, async (route) => {
    await released
    await route.continue()
  })
  return { page, release }
}

const path = (page) => new URL(page.url()).pathname

/** The painted header's control `tap`, once on screen. */
async function painted(page, tap) {
  const control = page.locator(`#root a[data-tap="${tap}"]`)
  await control.waitFor()
  return control
}

test('a tap on the painted cart opens the drawer once React is there, on the same page', async () => {
  const { page, release } = await pageBeforeReact()
  await page.goto(`/product/${PRODUCT.slug}`, { waitUntil: 'commit' })
  const cart = await painted(page, 'cart')
  assert.equal(await page.getByRole('button', { name: 'Ajouter au panier' }).count(), 0, 'not painted before it works')
  await cart.click()
  await page.waitForTimeout(300)
  assert.equal(path(page), `/product/${PRODUCT.slug}`, 'the tap is kept, the page stays')
  release()
  await page.getByRole('dialog', { name: 'Votre panier' }).waitFor()
  assert.equal(path(page), `/product/${PRODUCT.slug}`)
  await page.keyboard.press('Escape')
  // React's own button, which works: the product is added.
  await page.getByRole('group', { name: 'Taille' }).getByRole('radio', { name: 'S', exact: true }).check()
  await page.getByRole('button', { name: 'Ajouter au panier' }).click()
  await page.waitForFunction(() => document.querySelector('[data-testid="cart-count"]')?.textContent === '1')
  await page.context().close()
})

test("a tap on the painted menu, search or account is done by React's own header", async () => {
  const outcomes = {
    menu: async (page) => page.getByRole('dialog', { name: 'Menu' }).waitFor(),
    search: async (page) => {
      const search = page.getByRole('searchbox', { name: 'Rechercher des produits' })
      await search.waitFor()
      await page.waitForFunction(() => document.activeElement?.id === 'site-search')
    },
    // A shopper with no session: React's account control is the login link.
    account: async (page) => page.waitForURL('**/login'),
  }
  for (const [tap, outcome] of Object.entries(outcomes)) {
    const { page, release } = await pageBeforeReact()
    await page.goto('/', { waitUntil: 'commit' })
    await (await painted(page, tap)).click()
    await page.waitForTimeout(300)
    assert.equal(path(page), '/', `${tap}: kept until React is there`)
    release()
    await outcome(page)
    await page.context().close()
  }
})

test("a painted card is a real link: it opens its product's page, painted too, before React", async () => {
  const { page, release } = await pageBeforeReact()
  await page.goto('/products', { waitUntil: 'commit' })
  const card = page.locator('#root a.first-paint-card').first()
  await card.waitFor()
  const name = (await card.locator('h3').textContent()).trim()
  const href = await card.getAttribute('href')
  await card.click()
  await page.waitForURL(`**${href}`, { waitUntil: 'commit' })
  const picture = page.locator('#root img.first-paint-picture')
  await picture.waitFor()
  assert.equal(await picture.getAttribute('alt'), name)
  release()
  await page.getByRole('heading', { level: 1, name }).waitFor()
  await page.context().close()
})

test('when the scripts never come, a kept tap follows its link', async () => {
  const page = await shop.newPage({ mobile: true })
  await page.route(ENTRY, (route) => route.abort())
  await page.goto(`/product/${PRODUCT.slug}`, { waitUntil: 'commit' })
  await (await painted(page, 'cart')).click()
  // The keeper waits 8 s for React (frontend/src/app/painted-taps.js), then goes.
  await page.waitForURL('**/cart', { timeout: 20_000 })
  await page.context().close()
})
