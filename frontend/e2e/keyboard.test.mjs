// The shop without a mouse: a shopper who only has a keyboard logs in, opens the header's menus,
// searches, filters, picks a size, adds to the cart, goes through the cart drawer and checkout, and
// an admin reaches an order from the orders table. Every stop is reached with Tab (never by
// focusing an element from the script) and shows a visible focus.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { startShop } from './harness.mjs'

const DEMO_CUSTOMER = { email: 'client@bitik.sn', password: 'bitik-client' }
const DEMO_ADMIN = { email: 'admin@bitik.sn', password: 'bitik-admin' }
// Seeded (crates/demo/src/catalog.json): on promotion at 8 000 FCFA; white S has 1 unit left.
const PRODUCT = { slug: 't-shirt-yoff-surf-club', name: 'T-shirt Yoff Surf Club' }

let shop
before(async () => {
  shop = await startShop()
})
after(async () => {
  await shop?.stop()
})

/**
 * What has the focus: its role-ish tag, its name (label, aria-label or text) and whether it shows
 * a focus ring. A chip's real checkbox is invisible: its ring is on the pill beside it.
 */
function focused(page) {
  return page.evaluate(() => {
    const el = document.activeElement
    if (!el || el === document.body) return { tag: 'body', name: '', visible: false }
    const name = (
      el.getAttribute('aria-label') ||
      (el.labels?.[0]?.textContent ?? '') ||
      el.textContent ||
      el.getAttribute('placeholder') ||
      ''
    )
      .replace(/\s+/g, ' ')
      .trim()
    const ring = (node) => {
      if (!node) return false
      const style = getComputedStyle(node)
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
      return outline || style.boxShadow !== 'none'
    }
    const hidden = getComputedStyle(el).opacity === '0'
    return {
      tag: el.getAttribute('role') || el.tagName.toLowerCase(),
      type: el.getAttribute('type') ?? '',
      name,
      visible: hidden ? ring(el.nextElementSibling) : ring(el),
    }
  })
}

/**
 * Presses Tab (or Shift+Tab) until the focus is on what `matches` accepts, and checks it shows
 * a ring there. Fails after `max` presses: the target cannot be reached from the keyboard.
 */
async function tabTo(page, matches, { max = 80, back = false, what = String(matches) } = {}) {
  const seen = []
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    const now = await focused(page)
    seen.push(`${now.tag}:${now.name.slice(0, 30)}`)
    if (matches(now)) {
      assert.ok(now.visible, `${what} has the focus but shows no focus ring`)
      return now
    }
  }
  assert.fail(`${what} not reached with the keyboard; the focus went through: ${seen.join(' → ')}`)
}

const named = (tag, name) => (now) => now.tag === tag && (name instanceof RegExp ? name.test(now.name) : now.name === name)

async function logIn(page, account) {
  await page.goto('/login')
  await page.getByRole('form', { name: 'Connexion' }).waitFor()
  await tabTo(page, (now) => now.tag === 'input' && now.type === 'email', { what: 'the e-mail field' })
  await page.keyboard.type(account.email)
  await tabTo(page, (now) => now.tag === 'input' && now.type === 'password', { what: 'the password field' })
  await page.keyboard.type(account.password)
  await page.keyboard.press('Enter')
  await page.waitForURL((url) => url.pathname !== '/login')
}

test('a shopper with only a keyboard: menus, search, filters, product, cart drawer, checkout', async () => {
  const page = await shop.newPage()
  await logIn(page, DEMO_CUSTOMER)
  await page.goto('/')
  await page.getByRole('link', { name: 'Boutique' }).waitFor()

  // The first stop skips the header; the header's menus open, close and give the focus back.
  const skip = await tabTo(page, () => true, { max: 1, what: 'the first stop' })
  assert.equal(skip.name, 'Aller au contenu')
  await tabTo(page, named('button', 'Vêtements'))
  await page.keyboard.press('Enter')
  const clothes = page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('button', { name: 'Vêtements' })
  assert.equal(await clothes.getAttribute('aria-expanded'), 'true')
  await tabTo(page, named('a', 'T-shirts'), { max: 3 })
  await page.keyboard.press('Escape')
  assert.equal(await clothes.getAttribute('aria-expanded'), 'false')
  assert.deepEqual(await focused(page).then(({ tag, name }) => [tag, name]), ['button', 'Vêtements'])

  // Search from the header.
  await tabTo(page, (now) => now.tag === 'input' && now.type === 'search', { what: 'the search field' })
  await page.keyboard.type('Yoff')
  await page.keyboard.press('Enter')
  await page.waitForURL('**/products?search=Yoff')
  await page.getByRole('link', { name: PRODUCT.name }).first().waitFor()

  // A colour chip of the filters, ticked with Space.
  await tabTo(page, (now) => now.type === 'checkbox' && now.name.startsWith('Blanc'), { what: 'the Blanc chip' })
  await page.keyboard.press('Space')
  await page.waitForURL(/colors=blanc/)
  await page.getByRole('link', { name: PRODUCT.name }).first().waitFor()

  // The product, its size, then « Ajouter au panier ».
  await tabTo(page, named('a', new RegExp(PRODUCT.name)), { what: 'the product card' })
  await page.keyboard.press('Enter')
  await page.waitForURL(`**/product/${PRODUCT.slug}`)
  await page.getByRole('heading', { level: 1, name: PRODUCT.name }).waitFor()
  assert.ok(await page.getByRole('radio', { name: 'Blanc' }).isChecked())
  // No size is chosen for the shopper: Tab enters the sizes on the first, Space takes it.
  await tabTo(page, (now) => now.type === 'radio' && now.name === 'S', { what: 'the size S' })
  await page.keyboard.press('Space')
  assert.ok(await page.getByRole('group', { name: 'Taille' }).getByRole('radio', { name: 'S', exact: true }).isChecked())
  await tabTo(page, named('button', 'Ajouter au panier'))
  await page.keyboard.press('Enter')

  // The drawer takes the focus and keeps it: Tab goes round inside, Escape gives it back.
  const drawer = page.getByRole('dialog', { name: 'Votre panier' })
  await drawer.waitFor()
  assert.ok(await drawer.evaluate((dialog) => dialog.contains(document.activeElement)), 'the focus is in the drawer')
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab')
    assert.ok(await drawer.evaluate((dialog) => dialog.contains(document.activeElement)), `Tab ${i + 1} left the drawer`)
  }
  await page.keyboard.press('Escape')
  await drawer.waitFor({ state: 'detached' })
  assert.equal((await focused(page)).name, 'Ajouter au panier')

  // The header's cart opens the drawer again; « Commander » leads to the checkout.
  await tabTo(page, named('a', /^Panier/), { back: true, what: 'the header cart' })
  await page.keyboard.press('Enter')
  await drawer.waitFor()
  await tabTo(page, named('a', 'Commander'), { max: 30 })
  await page.keyboard.press('Enter')
  await page.waitForURL('**/checkout')

  // Checkout: the commune by its first letter on the closed list (Médina is the first in M; a
  // letter like « é » is not a key the list answers), the address, the landmark.
  const delivery = page.getByRole('form', { name: 'Adresse de livraison' })
  await delivery.waitFor()
  await tabTo(page, (now) => now.tag === 'select' && now.name.startsWith('Commune'), { what: 'the commune list' })
  await page.keyboard.press('M')
  assert.equal(await delivery.getByRole('combobox', { name: /^Commune/ }).evaluate((select) => select.selectedOptions[0]?.textContent), 'Médina')
  await tabTo(page, (now) => now.tag === 'input' && now.name.startsWith('Adresse'), { what: 'the address field' })
  await page.keyboard.type('Rue 11 x 22')
  await tabTo(page, (now) => now.tag === 'input' && now.name.startsWith('Point de repère'), { what: 'the landmark field' })
  await page.keyboard.type('En face du marché Tilène')
  await tabTo(page, named('button', 'Suivant'))
  await page.keyboard.press('Enter')

  // Payment: the arrows move between the methods.
  await page.getByRole('heading', { level: 2, name: 'Mode de paiement' }).waitFor()
  await tabTo(page, (now) => now.type === 'radio' && now.name.startsWith('Wave'), { what: 'the Wave choice' })
  await page.keyboard.press('ArrowDown')
  assert.ok(await page.getByRole('radio', { name: /^Paiement à la livraison/ }).isChecked())
  await tabTo(page, named('button', 'Suivant'))
  await page.keyboard.press('Enter')

  await page.getByRole('heading', { level: 2, name: 'Récapitulatif de la commande' }).waitFor()
  assert.equal((await page.getByTestId('order-total').textContent()).trim(), '9 500 FCFA')
  await tabTo(page, named('button', 'Confirmer la commande'))
  await page.keyboard.press('Enter')
  await page.getByText('Commande créée avec succès!').waitFor()
  await page.context().close()
})

test('an admin with only a keyboard: the products table, its stock dialog, a product page', async () => {
  const page = await shop.newPage()
  await logIn(page, DEMO_ADMIN)
  await page.goto('/admin/products')
  const table = page.getByRole('table')
  await table.waitFor()
  const name = (await table.getByRole('row').nth(1).getByRole('link').first().textContent()).trim()
  assert.ok(name.length > 0)

  // The row's stock button opens its dialog; Escape closes it and the focus comes back.
  await tabTo(page, named('button', `Modifier le stock de ${name}`), { max: 120 })
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await dialog.waitFor()
  assert.ok(await dialog.evaluate((element) => element.contains(document.activeElement)), 'the focus is in the stock dialog')
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'detached' })
  assert.equal((await focused(page)).name, `Modifier le stock de ${name}`)

  // Back up the row to the product's name, which opens its page.
  await tabTo(page, named('a', name), { back: true, max: 5 })
  await page.keyboard.press('Enter')
  await page.waitForURL('**/admin/products/**')
  await page.getByRole('heading', { level: 1 }).filter({ hasText: name }).waitFor()
  await page.context().close()
})
