// The cart in a real browser against the real server: a guest adds two variants, changes
// quantities in the drawer, reloads, logs in (the guest cart joins the account), opens /cart and
// clears it. The header badge is checked at each step.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { startShop } from './harness.mjs'

const DEMO_CUSTOMER = { email: 'client@bitik.sn', password: 'bitik-client' }
// Seeded (crates/demo/src/catalog.json): on promotion at 8 000 instead of 10 000 FCFA;
// white S has 1 unit left, blue M has 2.
const PRODUCT = { slug: 't-shirt-yoff-surf-club', name: 'T-shirt Yoff Surf Club' }
// Set E2E_SCREENSHOTS=dir to keep pictures of the drawer and /cart.
const SCREENSHOTS = process.env.E2E_SCREENSHOTS

let shop
before(async () => {
  shop = await startShop()
})
after(async () => {
  await shop?.stop()
})

/** Labels carry a '*' for required fields: match the start of the accessible name. */
const label = (text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)

async function screenshot(page, name) {
  if (!SCREENSHOTS) return
  mkdirSync(SCREENSHOTS, { recursive: true })
  await page.waitForTimeout(300) // the drawer's slide-in
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) })
}

/** The header badge: '' when the cart is empty (no badge). */
async function badge(page) {
  const count = page.getByTestId('cart-count')
  return (await count.count()) ? (await count.textContent()).trim() : ''
}

async function waitForBadge(page, expected) {
  await page.waitForFunction(
    (value) => (document.querySelector('[data-testid="cart-count"]')?.textContent ?? '') === value,
    expected,
  )
}

/**
 * Lines of the open drawer as 'name | Taille : S | Couleur : Blanc | ×1', spaces read alike (« : »
 * follows a no-break one).
 */
async function drawerLines(drawer) {
  return drawer.getByRole('listitem').evaluateAll((items) =>
    items.map((item) => {
      const name = item.querySelector('p a')?.textContent.trim()
      const meta = [...item.querySelectorAll('p:nth-of-type(2) span')].map((span) => span.textContent.replace(/\s+/g, ' ').trim())
      const quantity = item.querySelector('output')?.textContent.trim()
      return [name, ...meta, `×${quantity}`].join(' | ')
    }),
  )
}

for (const mobile of [true, false]) {
  const viewport = mobile ? 'phone' : 'desktop'

  test(`${viewport}: guest cart → drawer quantities → reload → login merges it → /cart → clear`, async () => {
    const page = await shop.newPage({ mobile })
    const errors = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))

    // 1. A guest adds white S (white is the first colour in stock; the size is the shopper's to tap).
    await page.goto(`/product/${PRODUCT.slug}`)
    await page.getByRole('heading', { level: 1, name: PRODUCT.name }).waitFor()
    assert.equal(await badge(page), '')
    assert.ok(await page.getByRole('radio', { name: 'Blanc' }).isChecked())
    await page.getByRole('group', { name: 'Taille' }).getByRole('radio', { name: 'S', exact: true }).check()
    await page.getByRole('button', { name: 'Ajouter au panier' }).click()
    let drawer = page.getByRole('dialog', { name: 'Votre panier' })
    await drawer.waitFor()
    await page.getByText('Produit ajouté au panier').waitFor()
    assert.equal(await badge(page), '1')
    assert.deepEqual(await drawerLines(drawer), [`${PRODUCT.name} | Taille : S | Couleur : Blanc | ×1`])
    // The promotion: 8 000 paid, 10 000 struck through.
    assert.equal((await drawer.locator('li s').textContent()).trim(), '10 000 FCFA')
    // One unit left: + is off.
    assert.ok(await drawer.getByRole('button', { name: `Augmenter la quantité de ${PRODUCT.name}` }).isDisabled())
    assert.equal(await page.evaluate(() => document.body.style.overflow), 'hidden')

    // 2. Escape closes it; blue M is added too.
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'detached' })
    assert.equal(await page.evaluate(() => document.body.style.overflow), '')
    await page.getByRole('radio', { name: 'Bleu' }).check()
    await page.getByRole('group', { name: 'Taille' }).getByRole('radio', { name: 'M', exact: true }).check()
    await page.getByRole('button', { name: 'Ajouter au panier' }).click()
    await drawer.waitFor()
    await waitForBadge(page, '2')
    assert.deepEqual(await drawerLines(drawer), [
      `${PRODUCT.name} | Taille : S | Couleur : Blanc | ×1`,
      `${PRODUCT.name} | Taille : M | Couleur : Bleu | ×1`,
    ])

    // 3. Quantities in the drawer: + up to the stock (2), − back, + again.
    const blueLine = drawer.getByRole('listitem').nth(1)
    const plus = blueLine.getByRole('button', { name: `Augmenter la quantité de ${PRODUCT.name}` })
    const minus = blueLine.getByRole('button', { name: `Diminuer la quantité de ${PRODUCT.name}` })
    assert.ok(await minus.isDisabled())
    await plus.click()
    await waitForBadge(page, '3')
    assert.ok(await plus.isDisabled())
    await minus.click()
    await waitForBadge(page, '2')
    await plus.click()
    await waitForBadge(page, '3')
    assert.equal((await drawer.getByTestId('cart-drawer-subtotal').textContent()).trim(), '24 000 FCFA')
    await screenshot(page, `${viewport}-drawer-guest`)
    // The overlay closes it too.
    await page.mouse.click(5, mobile ? 400 : 450)
    await drawer.waitFor({ state: 'detached' })

    // 4. A reload keeps the guest cart; the header icon opens the drawer.
    await page.reload()
    await page.getByRole('heading', { level: 1, name: PRODUCT.name }).waitFor()
    await waitForBadge(page, '3')
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('localCart')))
    assert.deepEqual(
      stored.map((line) => [line.size, line.color, line.quantity]),
      [['S', 'blanc', 1], ['M', 'bleu', 2]],
    )
    await page.getByRole('link', { name: /^Panier/ }).click()
    await drawer.waitFor()
    assert.equal(page.url(), `${shop.baseUrl}/product/${PRODUCT.slug}`)
    assert.deepEqual(await drawerLines(drawer), [
      `${PRODUCT.name} | Taille : S | Couleur : Blanc | ×1`,
      `${PRODUCT.name} | Taille : M | Couleur : Bleu | ×2`,
    ])
    await page.keyboard.press('Escape')

    // 5. Logging in merges the guest cart into the account; localCart is emptied.
    await page.getByRole('link', { name: 'Connexion' }).first().click()
    await page.waitForURL('**/login')
    const form = page.getByRole('form', { name: 'Connexion' })
    await form.getByLabel(label('Email')).fill(DEMO_CUSTOMER.email)
    await form.getByLabel(label('Mot de passe')).fill(DEMO_CUSTOMER.password)
    await form.getByRole('button', { name: 'Se connecter' }).click()
    await page.waitForURL(`**/product/${PRODUCT.slug}`)
    await waitForBadge(page, '3')
    await page.waitForFunction(() => localStorage.getItem('localCart') === null)
    await page.getByRole('link', { name: /^Panier/ }).click()
    await drawer.waitFor()
    await drawer.getByRole('listitem').nth(1).waitFor()
    // Lines merged in one go come in no particular order.
    assert.deepEqual((await drawerLines(drawer)).sort(), [
      `${PRODUCT.name} | Taille : M | Couleur : Bleu | ×2`,
      `${PRODUCT.name} | Taille : S | Couleur : Blanc | ×1`,
    ])
    // The cart is the account's now: the server has it.
    const serverCart = await page.evaluate(async () => {
      const response = await fetch('/api/cart', { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } })
      return (await response.json()).data
    })
    assert.equal(serverCart.itemCount, 3)
    assert.equal(serverCart.subtotal, 24000)
    await screenshot(page, `${viewport}-drawer-customer`)

    // 6. Voir le panier → /cart: « à partir de » the cheapest zone until a commune is chosen, then that
    // zone's fee, free from its threshold (checkout's rule).
    await drawer.getByRole('link', { name: 'Voir le panier' }).click()
    await page.waitForURL('**/cart')
    await drawer.waitFor({ state: 'detached' })
    await page.getByRole('heading', { level: 1, name: /Mon panier/ }).waitFor()
    assert.equal(await badge(page), '3')
    assert.equal((await page.getByTestId('cart-subtotal').textContent()).trim(), '24 000 FCFA')
    await page.getByTestId('delivery-estimate').filter({ hasText: 'Livraison à partir de 1 500 FCFA' }).waitFor()
    await page.getByRole('combobox', { name: /Votre commune/ }).selectOption({ label: 'Golf Sud' })
    await page.getByTestId('delivery-estimate').filter({ hasText: 'Livraison à Golf Sud (Pikine et Guédiawaye) : 2 000 FCFA · 24 à 48 h' }).waitFor()
    assert.equal((await page.getByTestId('cart-shipping').textContent()).trim(), '2 000 FCFA')
    assert.equal((await page.getByTestId('cart-total').textContent()).trim(), '26 000 FCFA')
    await page.getByText(/Plus que 26 000 FCFA d’achat pour la livraison offerte/).waitFor()
    assert.doesNotMatch(await page.locator('main').textContent(), /5[.,]99/)
    await screenshot(page, `${viewport}-cart-page`)
    if (mobile) {
      // On a 412-px phone too the page fits: « Retirer » is not cut off.
      await page.setViewportSize({ width: 412, height: 915 })
      const widths = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth])
      assert.ok(widths[0] <= widths[1], `/cart is ${widths[0]} px wide on a ${widths[1]}-px phone`)
      await page.setViewportSize({ width: 390, height: 844 })
    }

    // A typed quantity above the stock is lowered to it (white S: 1 left).
    const whiteLine = page.getByRole('listitem').filter({ hasText: 'Couleur : Blanc' })
    const quantity = whiteLine.getByRole('spinbutton', { name: `Quantité de ${PRODUCT.name}` })
    await quantity.fill('9')
    await quantity.press('Enter')
    await page.getByText('Stock insuffisant. Seulement 1 disponible(s).').first().waitFor()
    assert.equal(await quantity.inputValue(), '1')

    // 7. Clearing asks first, then the empty state.
    await page.getByRole('button', { name: 'Vider le panier' }).click()
    const dialog = page.getByRole('dialog', { name: 'Vider le panier' })
    await dialog.getByText('Êtes-vous sûr de vouloir vider votre panier ?').waitFor()
    await dialog.getByRole('button', { name: 'Confirmer' }).click()
    await page.getByText('Votre panier est vide').waitFor()
    await waitForBadge(page, '')
    await screenshot(page, `${viewport}-cart-empty`)
    await page.reload()
    await page.getByText('Votre panier est vide').waitFor()
    assert.equal(await badge(page), '')
    assert.equal(await page.getByRole('link', { name: 'Découvrir nos produits' }).getAttribute('href'), '/products')

    assert.deepEqual(errors, [])
    await page.context().close()
  })
}

// Seeded: pink, the one colour, 25 in stock; a line holds 10 at most (docs/rules.md#cart).
const PLENTIFUL = { slug: 'lunettes-fines-lac-rose', name: 'Lunettes Fines Lac Rose' }
const LINE_LIMIT = "Vous ne pouvez pas prendre plus de 10 exemplaires d'un même article (même taille, même couleur)."

test('a customer takes 10 units of a variant at most, though 25 are in stock', async () => {
  const page = await shop.newPage({ mobile: false })
  await page.goto('/login')
  const form = page.getByRole('form', { name: 'Connexion' })
  await form.getByLabel(label('Email')).fill(DEMO_CUSTOMER.email)
  await form.getByLabel(label('Mot de passe')).fill(DEMO_CUSTOMER.password)
  await form.getByRole('button', { name: 'Se connecter' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))

  // The product page's stepper stops at 10.
  await page.goto(`/product/${PLENTIFUL.slug}`)
  await page.getByRole('heading', { level: 1, name: PLENTIFUL.name }).waitFor()
  await page.getByText('Stock disponible (25)').waitFor()
  const quantity = page.getByRole('spinbutton', { name: 'Quantité' })
  assert.equal(await quantity.getAttribute('max'), '10')
  await quantity.fill('10')
  assert.ok(await page.getByRole('button', { name: 'Augmenter la quantité' }).isDisabled())
  await page.getByRole('button', { name: 'Ajouter au panier' }).click()
  const drawer = page.getByRole('dialog', { name: 'Votre panier' })
  await drawer.waitFor()
  await waitForBadge(page, '10')
  assert.ok(await drawer.getByRole('button', { name: `Augmenter la quantité de ${PLENTIFUL.name}` }).isDisabled())
  await page.keyboard.press('Escape')
  await drawer.waitFor({ state: 'detached' })

  // One more is not sent: the shopper reads why.
  await quantity.fill('1')
  await page.getByRole('button', { name: 'Ajouter au panier' }).click()
  await page.getByText(LINE_LIMIT).first().waitFor()
  await waitForBadge(page, '10')

  // The server says the same to a client that does not hold back.
  const refused = await page.evaluate(async (slug) => {
    const token = localStorage.getItem('token')
    const product = await (await fetch(`/api/products/${slug}`)).json()
    const response = await fetch('/api/cart/add', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ productId: product.data.id, quantity: 1, size: 'unique', color: 'rose' }),
    })
    return { status: response.status, body: await response.json() }
  }, PLENTIFUL.slug)
  assert.equal(refused.status, 409)
  assert.equal(refused.body.code, 'quantity_limit')
  assert.equal(refused.body.message, LINE_LIMIT)
  await page.context().close()
})
