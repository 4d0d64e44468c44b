#!/usr/bin/env node
// What a phone on a slow line sees, under Chromium's own throttling rather than Lighthouse's
// simulation: the requests really wait and share the line. Lighthouse's "devtools" Slow 4G:
// 562.5 ms per request, 1.47 Mb/s down, CPU 4× slower; a 412×823 phone screen. For `/`,
// `/products` and one product page, RUNS loads each, medians of:
// - LCP: when the largest picture is painted (the browser's own largest-contentful-paint entry);
// - React: when React's view is there (the page's own heading or button, not the painted one).
// The storefront holds its scripts back until the painted pictures are on screen
// (frontend/src/app/after-first-paint.js): this shows what that costs React's view as well as
// what it gains the picture.
//
//   BITIK_BENCH_URL=http://127.0.0.1:8080 node throttled.mjs
import { chromium } from 'playwright-core'
import { base, productPath } from './pages.mjs'

const RUNS = Number(process.env.THROTTLED_RUNS ?? 5)

// React's view: what only React renders on each page.
const pages = [
  ['/', 'main h2'],
  ['/products', 'main [aria-live]'],
  [await productPath(), 'main button:has-text("Ajouter au panier")'],
]

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
})
console.log(`\nChromium's throttling (562.5 ms, 1.47 Mb/s, 4× CPU), median of ${RUNS} loads, ${base}`)
console.log('| page | LCP | React\'s view | runs (LCP / React, ms) |')
console.log('| --- | ---: | ---: | --- |')
try {
  for (const [path, reactView] of pages) {
    const lcps = []
    const views = []
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true })
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.enable')
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 562.5,
        downloadThroughput: (1474.56 * 1024) / 8,
        uploadThroughput: (675 * 1024) / 8,
      })
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
      await page.addInitScript(() => {
        window.__lcp = 0
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.__lcp = entry.startTime
        }).observe({ type: 'largest-contentful-paint', buffered: true })
      })
      await page.goto(base + path, { waitUntil: 'commit' })
      await page.locator(reactView).first().waitFor({ timeout: 60_000 })
      views.push(await page.evaluate(() => performance.now()))
      // LCP entries stop at the first input; none comes, so a moment later the last one is final.
      await page.waitForTimeout(500)
      lcps.push(await page.evaluate(() => window.__lcp))
      await context.close()
    }
    const runs = lcps.map((lcp, i) => `${Math.round(lcp)} / ${Math.round(views[i])}`).join(', ')
    console.log(`| ${path} | ${(median(lcps) / 1000).toFixed(2)} s | ${(median(views) / 1000).toFixed(2)} s | ${runs} |`)
  }
} finally {
  await browser.close()
}
