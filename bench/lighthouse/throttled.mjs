#!/usr/bin/env node
// What a phone on a slow line sees, under Chromium's own throttling rather than Lighthouse's
// simulation: the requests really wait and share the line. Lighthouse's "devtools" Slow 4G:
// 562.5 ms per request, 1.47 Mb/s down, CPU 4× slower; a 412×823 phone screen. For `/`,
// `/products` and one product page, RUNS loads each, medians of:
// - LCP: when the largest picture is painted (the browser's own largest-contentful-paint entry);
// - React: when React's view is on screen (the page's own heading or button, not the painted one),
//   on a first visit (a new browser profile: nothing cached) and on a repeat visit (the same page
//   opened again: the scripts and pictures come from the cache, the HTML from the server).
// Each load is held to issue 26's goals: React's view at most 2.5 s on a first visit and 1.5 s on
// a repeat one, the picture at most 1.5 s.
//
// React's view is timed inside the page: the frame after the element first appears in the
// document. Timing it from outside (Playwright polling the page) added 0.3 to 0.4 s under the 4×
// CPU throttling, which is not the shopper's wait (docs/benchmarks.md, "A phone on a slow line").
//
//   BITIK_BENCH_URL=http://127.0.0.1:8080 node throttled.mjs
import { chromium } from 'playwright-core'
import { base, productPath } from './pages.mjs'

const RUNS = Number(process.env.THROTTLED_RUNS ?? 5)
const GOALS = { firstView: 2500, repeatView: 1500, picture: 1500 }

// React's view: what only React renders on each page (a CSS selector, and the text it must hold).
const pages = [
  ['/', { selector: 'main h2' }],
  ['/products', { selector: 'main [aria-live]' }],
  [await productPath(), { selector: 'main button', text: 'Ajouter au panier' }],
]

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`
const status = (ms, goal) => (ms <= goal ? 'met' : 'MISSED')

/** Records, in the page, when the view and the largest picture were painted. */
function watch({ selector, text }) {
  window.__lcp = 0
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lcp = entry.startTime
  }).observe({ type: 'largest-contentful-paint', buffered: true })
  const shown = () =>
    [...document.querySelectorAll(selector)].some((element) => !text || element.textContent.includes(text))
  const observer = new MutationObserver(() => {
    if (!shown()) return
    observer.disconnect()
    requestAnimationFrame(() => {
      window.__view = performance.now()
    })
  })
  observer.observe(document, { childList: true, subtree: true, characterData: true })
}

async function throttle(context, page) {
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 562.5,
    downloadThroughput: (1474.56 * 1024) / 8,
    uploadThroughput: (675 * 1024) / 8,
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
}

/** One load of `path` in `page`: when React's view and the largest picture were painted. */
async function load(page, path) {
  await page.goto(base + path, { waitUntil: 'commit' })
  await page.waitForFunction(() => window.__view, null, { timeout: 60_000, polling: 100 })
  // LCP entries stop at the first input; none comes, so a moment later the last one is final.
  await page.waitForTimeout(500)
  return page.evaluate(() => ({ view: window.__view, lcp: window.__lcp }))
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
})
console.log(`\nChromium's throttling (562.5 ms, 1.47 Mb/s, 4× CPU), median of ${RUNS} loads, ${base}`)
console.log("| page | picture (≤ 1.5 s) | React's view, first visit (≤ 2.5 s) | repeat visit (≤ 1.5 s) | runs (picture / first / repeat, ms) |")
console.log('| --- | ---: | ---: | ---: | --- |')
let missed = 0
try {
  for (const [path, view] of pages) {
    const runs = []
    for (let run = 0; run < RUNS; run += 1) {
      // A new profile each run: the first visit finds nothing cached.
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true })
      await context.addInitScript(watch, view)
      const page = await context.newPage()
      await throttle(context, page)
      const first = await load(page, path)
      const repeat = await load(page, path)
      runs.push({ lcp: first.lcp, first: first.view, repeat: repeat.view })
      await context.close()
    }
    const lcp = median(runs.map((r) => r.lcp))
    const first = median(runs.map((r) => r.first))
    const repeat = median(runs.map((r) => r.repeat))
    const verdicts = [status(lcp, GOALS.picture), status(first, GOALS.firstView), status(repeat, GOALS.repeatView)]
    missed += verdicts.filter((verdict) => verdict !== 'met').length
    const detail = runs.map((r) => `${Math.round(r.lcp)} / ${Math.round(r.first)} / ${Math.round(r.repeat)}`).join(', ')
    console.log(
      `| ${path} | ${seconds(lcp)}: ${verdicts[0]} | ${seconds(first)}: ${verdicts[1]} | ${seconds(repeat)}: ${verdicts[2]} | ${detail} |`,
    )
  }
} finally {
  await browser.close()
}
console.log(missed === 0 ? 'Every throttled goal met.' : `${missed} throttled goal(s) MISSED.`)
