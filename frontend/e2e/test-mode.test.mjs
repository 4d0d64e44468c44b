// A shop running in test mode on purpose (WAVE_MODE=test) says so on every storefront page, on a
// phone and on a desktop, without moving what the server painted.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { startShop } from './harness.mjs'

const BANNER = 'Mode test : aucun paiement réel'

let shop
before(async () => {
  shop = await startShop({ env: { WAVE_MODE: 'test' } })
})
after(async () => {
  await shop?.stop()
})

for (const mobile of [true, false]) {
  test(`every storefront page says that no payment is real (${mobile ? 'phone' : 'desktop'})`, async () => {
    const page = await shop.newPage({ mobile })
    for (const path of ['/', '/products', '/product/t-shirt-yoff-surf-club', '/cart', '/delivery', '/login']) {
      await page.goto(path)
      const banner = page.getByText(BANNER)
      await banner.waitFor()
      assert.equal(await banner.getAttribute('role'), 'status', path)
      const box = await banner.boundingBox()
      const viewport = page.viewportSize()
      assert.ok(box && Math.abs(box.y + box.height - viewport.height) < 1, `${path}: the banner sits at the bottom`)
    }
    await page.context().close()
  })
}
