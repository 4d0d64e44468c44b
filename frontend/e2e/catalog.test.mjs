// Browsing the seeded catalogue (crates/demo/src/catalog.json): category tile → filters in
// the address → reload, back and forward → a product whose sizes differ by colour → a similar
// product. And the filter drawer on a phone.
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

/** Names of the product cards shown, in order. */
async function cardNames(page) {
  await page.locator('main article h3').first().waitFor()
  return page.locator('main [aria-labelledby="listing-heading"] article h3').allTextContents()
}

/** Waits until the listing shows `count` results and nothing is loading. */
async function waitForCount(page, label) {
  await page.getByText(label, { exact: true }).waitFor()
  await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' })
}

function params(page) {
  return Object.fromEntries(new URL(page.url()).searchParams)
}

test('home → category → filters in the address → reload, back, forward → product → colour → similar product', async () => {
  const page = await shop.newPage()
  const errors = []
  page.on('pageerror', (error) => errors.push(error.message))

  await page.goto('/')
  await page.locator('main a[href="/category/vetement/t-shirt"]').first().click()
  await page.waitForURL('**/category/vetement/t-shirt')
  await page.getByRole('heading', { level: 1, name: 'T-shirts' }).waitFor()
  // The seed has 12 t-shirts: one page.
  await waitForCount(page, '12 produits')

  // The category page has no sidebar: « Filtrer » filters it in its own address, in one tap, and
  // the active filter shows as a chip that removes it.
  assert.equal(await page.getByRole('complementary', { name: 'Filtres' }).count(), 0)
  await page.getByRole('button', { name: 'Filtrer' }).click()
  const filterDrawer = page.getByRole('dialog', { name: 'Filtres' })
  await filterDrawer.getByRole('checkbox', { name: 'Beige' }).check()
  await page.waitForURL((url) => url.pathname === '/category/vetement/t-shirt' && url.searchParams.get('colors') === 'beige')
  await waitForCount(page, '3 produits')
  await filterDrawer.getByRole('button', { name: 'Voir 3 produits' }).click()
  await page.getByRole('button', { name: 'Retirer le filtre Couleur : Beige' }).click()
  await page.waitForURL((url) => url.pathname === '/category/vetement/t-shirt' && !url.search)
  await waitForCount(page, '12 produits')

  // /products has the filters beside the results.
  await page.goto('/products?category=vetement&subcategory=t-shirt')
  const filters = page.getByRole('complementary', { name: 'Filtres' })
  assert.ok(await filters.getByRole('radio', { name: 'T-shirts' }).isChecked())

  // Beige t-shirts: Teranga, Baobab and Élégance; in size M (in stock in beige): Teranga and Élégance.
  await filters.getByRole('checkbox', { name: 'Beige' }).check()
  await page.waitForURL((url) => url.searchParams.get('colors') === 'beige')
  await waitForCount(page, '3 produits')
  await filters.getByRole('checkbox', { name: 'M', exact: true }).check()
  await page.waitForURL((url) => url.searchParams.get('sizes') === 'M')
  await waitForCount(page, '2 produits')
  assert.deepEqual(params(page), { category: 'vetement', subcategory: 't-shirt', colors: 'beige', sizes: 'M' })
  const filtered = await cardNames(page)
  assert.deepEqual([...filtered].sort(), ['T-shirt Teranga Oversize', 'T-shirt Élégance Col V'].sort())

  // A reload keeps the filters: same checkboxes, same results.
  await page.reload()
  await waitForCount(page, '2 produits')
  assert.ok(await filters.getByRole('checkbox', { name: 'Beige' }).isChecked())
  assert.ok(await filters.getByRole('checkbox', { name: 'M', exact: true }).isChecked())
  assert.ok(!(await filters.getByRole('checkbox', { name: 'Noir' }).isChecked()))
  assert.deepEqual(await cardNames(page), filtered)

  // Back: the size goes, then the colour; forward brings them back.
  await page.goBack()
  await page.waitForURL((url) => !url.searchParams.has('sizes') && url.searchParams.get('colors') === 'beige')
  await waitForCount(page, '3 produits')
  assert.ok(!(await filters.getByRole('checkbox', { name: 'M', exact: true }).isChecked()))
  assert.ok(await filters.getByRole('checkbox', { name: 'Beige' }).isChecked())
  await page.goBack()
  await page.waitForURL((url) => !url.searchParams.has('colors'))
  await waitForCount(page, '12 produits')
  assert.ok(!(await filters.getByRole('checkbox', { name: 'Beige' }).isChecked()))
  await page.goForward()
  await page.goForward()
  await page.waitForURL((url) => url.searchParams.get('sizes') === 'M')
  await waitForCount(page, '2 produits')
  assert.ok(await filters.getByRole('checkbox', { name: 'M', exact: true }).isChecked())

  // The product: black is its first colour with stock (no XS), white has XS but no L; no size is
  // chosen for the shopper.
  await page.getByRole('link', { name: /T-shirt Teranga Oversize/ }).click()
  await page.waitForURL('**/product/t-shirt-teranga-oversize')
  await page.getByRole('heading', { level: 1, name: 'T-shirt Teranga Oversize' }).waitFor()
  const sizes = page.getByRole('group', { name: 'Taille' })
  const sizeValues = () => sizes.getByRole('radio').evaluateAll((inputs) => inputs.map((input) => input.value))
  assert.ok(await page.getByRole('radio', { name: 'Noir' }).isChecked())
  assert.deepEqual(await sizeValues(), ['S', 'M', 'L', 'XL', 'XXL'])
  assert.equal(await sizes.getByRole('radio', { checked: true }).count(), 0)
  const mainImage = page.locator('main img[fetchpriority="high"]')
  const blackPicture = await mainImage.getAttribute('src')

  await page.getByRole('radio', { name: 'Blanc' }).check()
  assert.deepEqual(await sizeValues(), ['XS', 'S', 'M', 'XL', 'XXL'])
  await sizes.getByRole('radio', { name: 'XS' }).check()
  const whitePicture = await mainImage.getAttribute('src')
  assert.notEqual(whitePicture, blackPicture, 'white shows its own picture')
  assert.match(whitePicture, /^\/uploads\/products\/[a-z0-9]+\/800\.jpg$/)
  assert.match(await mainImage.getAttribute('srcset'), /400\.jpg 400w, .*800\.jpg 800w, .*1200\.jpg 1200w/)
  // The picture really loads (served by the shop).
  await page.waitForFunction(() => {
    const img = document.querySelector('main img[fetchpriority="high"]')
    return img && img.complete && img.naturalWidth > 0
  })
  await page.getByText(/^Stock disponible \(\d+\)$/).waitFor()

  // Add to cart: the guest cart and the header badge follow; the cart drawer opens (Escape closes it).
  await page.getByRole('button', { name: 'Ajouter au panier' }).click()
  await page.getByText('Produit ajouté au panier').waitFor()
  const drawer = page.getByRole('dialog', { name: 'Votre panier' })
  await drawer.waitFor()
  await page.keyboard.press('Escape')
  await drawer.waitFor({ state: 'detached' })
  const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('localCart')))
  assert.equal(cart.length, 1)
  assert.equal(cart[0].color, 'blanc')
  assert.equal(cart[0].size, 'XS')

  // A similar product leads to another product page.
  const similar = page.getByRole('region', { name: 'Vous aimerez aussi' })
  await similar.locator('article').first().waitFor()
  assert.equal(await similar.locator('article').count(), 4)
  const firstSimilar = similar.locator('article a').first()
  const name = (await firstSimilar.locator('h3').textContent()).trim()
  const href = await firstSimilar.getAttribute('href')
  assert.notEqual(href, '/product/t-shirt-teranga-oversize')
  await firstSimilar.click()
  await page.waitForURL(`**${href}`)
  await page.getByRole('heading', { level: 1, name }).waitFor()
  assert.equal(
    await page.locator('link[rel="canonical"]').getAttribute('href'),
    `${shop.baseUrl}${href}`,
  )

  assert.deepEqual(errors, [])
  await page.context().close()
})

test('phone: no size is chosen for the shopper; a colour change keeps the size when it can, shows the colour’s picture, and says when it cannot', async () => {
  // From the product's stock map: a size in stock in two colours and missing from a third that has others.
  const slug = 't-shirt-teranga-oversize'
  const { data: product } = await (await fetch(`${shop.baseUrl}/api/products/${slug}`)).json()
  const has = (color, size) => (product.stock[color]?.[size] ?? 0) > 0
  const choices = product.sizes.flatMap((size) => {
    const keep = product.colors.filter((color) => has(color, size))
    const lack = product.colors.find((color) => !has(color, size) && product.sizes.some((other) => has(color, other)))
    return keep.length >= 2 && lack ? [{ size, keep, lack }] : []
  })
  assert.ok(choices.length > 0, JSON.stringify(product.stock))
  const [{ size, keep: [first, second], lack }] = choices
  const label = (color) => color.charAt(0).toUpperCase() + color.slice(1)

  const page = await shop.newPage({ mobile: true })
  const errors = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(`/product/${slug}`)
  await page.getByRole('heading', { level: 1, name: product.name }).waitFor()
  const sizes = page.getByRole('group', { name: 'Taille' })
  const sizeRadio = sizes.getByRole('radio', { name: size, exact: true })
  assert.equal(await sizes.getByRole('radio', { checked: true }).count(), 0)

  // « Ajouter au panier » without a size asks for it, beside the sizes, and adds nothing.
  await page.getByRole('button', { name: 'Ajouter au panier' }).click()
  await sizes.getByText('Veuillez sélectionner une taille et une couleur').waitFor()
  assert.equal(await page.evaluate(() => localStorage.getItem('localCart')), null)

  await page.getByRole('radio', { name: label(first), exact: true }).check()
  await sizeRadio.check()
  await page.getByRole('radio', { name: label(second), exact: true }).check()
  assert.ok(await sizeRadio.isChecked(), `${size} kept from ${first} to ${second}`)

  // Each picture names its colour: the main picture is the chosen colour's, and so is the cart line's.
  const pictureOf = (color) => product.images[product.imageColors.indexOf(color)]
  assert.ok(pictureOf(second), JSON.stringify(product.imageColors))
  assert.equal(await page.locator('main img[fetchpriority="high"]').getAttribute('src'), pictureOf(second))
  await page.getByRole('button', { name: 'Ajouter au panier' }).click()
  const drawer = page.getByRole('dialog', { name: 'Votre panier' })
  assert.equal(await drawer.locator('img').first().getAttribute('src'), pictureOf(second))
  await page.keyboard.press('Escape')
  await drawer.waitFor({ state: 'detached' })

  await page.getByRole('radio', { name: label(lack), exact: true }).check()
  await sizes.getByText(`La taille ${size} n’est pas disponible en ${label(lack)} : choisissez une autre taille.`).waitFor()
  assert.equal(await sizes.getByRole('radio', { checked: true }).count(), 0)
  assert.deepEqual(errors, [])
  await page.context().close()
})

test('searching « t-shirt noir » lists the black t-shirts first, then filters by a colour the facets offer', async () => {
  const page = await shop.newPage()
  const errors = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto('/')
  const search = page.getByPlaceholder('Rechercher un produit…')
  await search.fill('t-shirt noir')
  await search.press('Enter')
  await page.waitForURL((url) => url.pathname === '/products' && url.searchParams.get('search') === 't-shirt noir')
  await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' })
  await page.getByText(/^\d+ produits$/).waitFor()
  // The seed's seven black t-shirts come first (the word « noir » is their colour); after them,
  // products that are black and speak of t-shirts in their description.
  const blackTees = [
    'T-shirt Baobab Graphique', 'T-shirt Ndakarou Classique', 'T-shirt Ngor Island Premium', 'T-shirt Sama Dakar',
    'T-shirt Teranga Oversize', 'T-shirt Wax Poche', 'T-shirt Élégance Col V',
  ]
  const found = await page.locator('main article h3').allTextContents()
  assert.deepEqual(found.slice(0, 7).sort(), [...blackTees].sort())
  assert.ok(found.length > 7 && !found.slice(7).some((name) => blackTees.includes(name)), found.join(', '))

  // The colours offered are those of these results, with their counts: no yellow among them.
  const filters = page.getByRole('complementary', { name: 'Filtres' })
  const beige = filters.getByRole('checkbox', { name: 'Beige' })
  await beige.waitFor()
  await filters.getByRole('checkbox', { name: 'Kaki' }).waitFor()
  assert.equal(await filters.getByRole('checkbox', { name: 'Jaune' }).count(), 0)
  const described = await beige.getAttribute('aria-describedby')
  assert.match(await page.locator(`[id="${described}"]`).innerText(), /4 produits de cette couleur/)
  await beige.check()
  await page.waitForURL((url) => url.searchParams.get('colors') === 'beige' && url.searchParams.get('search') === 't-shirt noir')
  await waitForCount(page, '4 produits')
  const beiges = await page.locator('main article h3').allTextContents()
  assert.deepEqual(beiges.slice(0, 3).sort(), ['T-shirt Baobab Graphique', 'T-shirt Teranga Oversize', 'T-shirt Élégance Col V'].sort())
  assert.equal(beiges[3], 'Pull Teranga Col Rond')
  assert.deepEqual(errors, [])
  await page.context().close()
})

test('a shared address with a bad value still lists products', async () => {
  const page = await shop.newPage()
  const errors = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  await page.goto('/products?sizes=ZZ&minPrice=abc&category=chaussures&colors=noir&sort=bogus')
  await page.getByRole('heading', { level: 1, name: 'Tous nos produits' }).waitFor()
  await page.locator('main article').first().waitFor()
  assert.ok(await page.getByRole('complementary', { name: 'Filtres' }).getByRole('checkbox', { name: 'Noir' }).isChecked())
  assert.equal(await page.getByText('Impossible de charger les produits. Veuillez réessayer plus tard.').count(), 0)
  assert.deepEqual(errors, [])
  await page.context().close()
})

test('unknown categories and subcategories are redirected', async () => {
  const page = await shop.newPage()
  await page.goto('/category/chaussures')
  await page.waitForURL((url) => url.pathname === '/products')
  await page.goto('/category/accessoire/pull')
  await page.waitForURL((url) => url.pathname === '/category/accessoire')
  await page.getByRole('heading', { level: 1, name: 'Accessoires' }).waitFor()
  await page.context().close()
})

test('on a phone the filters open in a drawer and the address follows them', async () => {
  const page = await shop.newPage({ mobile: true })
  await page.goto('/products?subcategory=pull')
  await page.getByRole('heading', { level: 1, name: 'Pulls' }).waitFor()
  await page.locator('main article').first().waitFor()
  assert.equal(await page.getByRole('complementary', { name: 'Filtres' }).count(), 0)

  await page.getByRole('button', { name: /^Filtres/ }).click()
  const drawer = page.getByRole('dialog', { name: 'Filtres' })
  await drawer.waitFor()
  assert.ok(await drawer.getByRole('radio', { name: 'Pulls' }).isChecked())
  await drawer.getByRole('checkbox', { name: 'Noir' }).check()
  await page.waitForURL((url) => url.searchParams.get('colors') === 'noir')
  await drawer.getByRole('checkbox', { name: 'L', exact: true }).check()
  await page.waitForURL((url) => url.searchParams.get('sizes') === 'L')
  const minimum = drawer.getByRole('textbox', { name: 'Minimum' })
  await minimum.fill('10000')
  await page.waitForURL((url) => url.searchParams.get('minPrice') === '10000')

  const show = drawer.getByRole('button', { name: /^Voir \d+ produits?$/ })
  const label = await show.textContent()
  await show.click()
  await drawer.waitFor({ state: 'detached' })
  await waitForCount(page, label.replace(/^Voir /, ''))
  assert.deepEqual(params(page), { subcategory: 'pull', minPrice: '10000', colors: 'noir', sizes: 'L' })
  await page.getByRole('button', { name: /^Filtres, 4 actifs$/ }).waitFor()

  // The phone reload keeps them too.
  await page.reload()
  await page.getByRole('button', { name: /^Filtres, 4 actifs$/ }).click()
  assert.ok(await page.getByRole('dialog', { name: 'Filtres' }).getByRole('checkbox', { name: 'Noir' }).isChecked())
  assert.equal(await page.getByRole('dialog', { name: 'Filtres' }).getByRole('textbox', { name: 'Minimum' }).inputValue(), '10000')
  await page.context().close()
})

test('on a phone, a product page hands over its server-painted picture only once it is on screen, in the same box', async () => {
  const answer = await (await fetch(`${shop.baseUrl}/api/products?limit=1`)).json()
  const path = `/product/${answer.data[0].slug}`
  const phone = { baseURL: shop.baseUrl, viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, locale: 'fr-FR' }

  // What a phone shows before the script has run.
  const painted = await shop.browser.newContext({ ...phone, javaScriptEnabled: false })
  const plain = await painted.newPage()
  await plain.goto(path)
  const paintedBox = await plain.locator('#root img.first-paint-picture').boundingBox()
  await painted.close()

  // A slow picture (under the storefront's longest wait, main.tsx): React's first render must not
  // remove it before it has arrived, or the shopper sees it only once React's own has loaded.
  const context = await shop.browser.newContext(phone)
  await context.route('**/uploads/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400))
    await route.continue()
  })
  await context.addInitScript(() => {
    window.paintedPictureLoadedWhenRemoved = null
    new MutationObserver((changes) => {
      for (const { removedNodes } of changes) {
        for (const node of removedNodes) {
          const picture = node instanceof Element && node.querySelector('img.first-paint-picture')
          if (picture) window.paintedPictureLoadedWhenRemoved = picture.naturalWidth > 0
        }
      }
    }).observe(document, { childList: true, subtree: true })
  })
  const page = await context.newPage()
  const asked = []
  page.on('request', (request) => asked.push(new URL(request.url()).pathname))
  // The scripts are asked for with the picture, not once it has arrived (issue 26): on a slow
  // line React's view comes a round trip sooner.
  const events = []
  page.on('requestfinished', (request) => new URL(request.url()).pathname.startsWith('/uploads/') && events.push('picture'))
  page.on('request', (request) => new URL(request.url()).pathname.endsWith('.js') && events.push('script'))
  await page.goto(path)
  const gallery = page.locator(`main img[alt^="${answer.data[0].name}"]`).first()
  await gallery.waitFor()
  assert.equal(await page.evaluate(() => window.paintedPictureLoadedWhenRemoved), true)
  assert.equal(events[0], 'script', events.join(' '))
  assert.ok(events.includes('picture'), events.join(' '))
  // The page carried the product: React rendered it without asking the server again.
  await page.getByRole('heading', { level: 1, name: answer.data[0].name }).waitFor()
  assert.ok(!asked.includes(`/api/products/${answer.data[0].slug}`), asked.join(' '))
  const reactBox = await gallery.boundingBox()
  // To the browser's 1/64 px: a picture even slightly larger counts as a new, later paint.
  for (const side of ['x', 'y', 'width', 'height']) {
    assert.ok(Math.abs(reactBox[side] - paintedBox[side]) < 0.01, `${side}: ${reactBox[side]} vs ${paintedBox[side]}`)
  }
  await context.close()
})

test('/products renders its first page from the answer the page carries, then asks the server for the next', async () => {
  const page = await shop.newPage({ mobile: true })
  const listings = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname === '/api/products') listings.push(url.search)
  })
  await page.goto('/products')
  const first = await cardNames(page)
  assert.equal(first.length, 12)
  assert.deepEqual(listings, [])

  const second = page.waitForResponse((response) => new URL(response.url()).search === '?page=2&limit=12')
  await page.getByRole('link', { name: 'Page suivante' }).click()
  await second
  await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' })
  assert.deepEqual(listings, ['?page=2&limit=12'])
  assert.notDeepEqual(await cardNames(page), first)
  await page.context().close()
})
