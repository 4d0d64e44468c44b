#!/usr/bin/env node
// Lighthouse, mobile defaults (Slow 4G, 4× CPU slowdown, Moto G Power screen), on the
// storefront's first views: `/`, `/products` and one product page. RUNS runs each in one
// headless Chromium (Lighthouse resets the cache and storage before each run), then the
// median of each figure, held to the budgets. The reports go to $LH_OUT (JSON).
//
//   BITIK_BENCH_URL=http://127.0.0.1:8080 node run.mjs
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { base, productPath } from './pages.mjs'

const RUNS = Number(process.env.LH_RUNS ?? 3)
const out = process.env.LH_OUT ?? join(process.env.TMPDIR ?? '/tmp', 'bitik-lighthouse')
const BUDGET = { score: 95, lcp: 2000, cls: 0.05, tbt: 150 }

function figures(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN
  const lcpElement = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbt: audit('total-blocking-time'),
    si: audit('speed-index'),
    lcpNode: lcpElement?.snippet ?? lcpElement?.nodeLabel ?? '?',
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

const pages = ['/', '/products', await productPath()]
mkdirSync(out, { recursive: true })
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  // We run as root in a container: no sandbox, no GPU, /dev/shm may be small.
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
})
const rows = []
try {
  for (const path of pages) {
    const runs = []
    for (let run = 1; run <= RUNS; run += 1) {
      const result = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      })
      if (!result?.lhr || result.lhr.runtimeError) throw new Error(`${path}: ${result?.lhr?.runtimeError?.message ?? 'no report'}`)
      const name = `${path === '/' ? 'home' : path.replace(/^\//, '').replace(/\//g, '_')}-${run}.json`
      writeFileSync(join(out, name), result.report)
      const f = figures(result.lhr)
      runs.push(f)
      console.log(`  ${path} run ${run}: score ${f.score}, LCP ${Math.round(f.lcp)} ms, CLS ${f.cls.toFixed(3)}, TBT ${Math.round(f.tbt)} ms (LCP: ${f.lcpNode})`)
    }
    const pick = (key) => median(runs.map((r) => r[key]))
    rows.push({ path, score: pick('score'), fcp: pick('fcp'), lcp: pick('lcp'), cls: pick('cls'), tbt: pick('tbt'), si: pick('si') })
  }
} finally {
  await chrome.kill()
}

const ok = (row) => ({
  score: row.score >= BUDGET.score,
  lcp: row.lcp <= BUDGET.lcp,
  cls: row.cls <= BUDGET.cls,
  tbt: row.tbt <= BUDGET.tbt,
})
const mark = (pass) => (pass ? '' : ' ✗')
console.log(`\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile (Slow 4G, 4× CPU), median of ${RUNS} runs, ${base}`)
console.log('| page | score | FCP | LCP | CLS | TBT | Speed Index |')
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |')
for (const row of rows) {
  const pass = ok(row)
  console.log(
    `| ${row.path} | ${row.score}${mark(pass.score)} | ${(row.fcp / 1000).toFixed(2)} s | ${(row.lcp / 1000).toFixed(2)} s${mark(pass.lcp)} | ` +
      `${row.cls.toFixed(3)}${mark(pass.cls)} | ${Math.round(row.tbt)} ms${mark(pass.tbt)} | ${(row.si / 1000).toFixed(2)} s |`,
  )
}
console.log(`Budgets: score ≥ ${BUDGET.score}, LCP ≤ ${BUDGET.lcp / 1000} s, CLS ≤ ${BUDGET.cls}, TBT ≤ ${BUDGET.tbt} ms (✗ = missed). Reports: ${out}`)
const missed = rows.filter((row) => Object.values(ok(row)).includes(false)).length
console.log(missed ? `${missed} page(s) miss a budget.` : 'Every page within its budgets.')
