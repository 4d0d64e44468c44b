#!/usr/bin/env node
// Brotli size of what a shopper downloads on first load. Reads dist/ (run
// `npm run build` first); builds nothing.
//
// 1. The entry set: index.html's entry script (a module script), its
//    modulepreload links and stylesheets, plus every static import they pull (followed in the Vite
//    manifest). Budget: 120 KB JS, 20 KB CSS (brotli) — exit 1 above.
// 2. For each shopper route, the entry set plus that route's lazy chunk and
//    its static imports: what it really takes to paint '/', '/products'…
//    Held to the same budget.
// 3. A check that no admin code is in the entry set.
import { existsSync, readFileSync } from 'node:fs'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants } from 'node:zlib'

const JS_BUDGET = 120 * 1024
const CSS_BUDGET = 20 * 1024
const JS_STRETCH = 100 * 1024

// Lazy route modules a shopper may land on first.
const SHOPPER_ROUTES = {
  '/': 'src/app/routes/home.tsx',
  '/products': 'src/app/routes/products.tsx',
  '/category/…': 'src/app/routes/category.tsx',
  '/product/…': 'src/app/routes/product.tsx',
  '/cart': 'src/app/routes/cart.tsx',
  '404': 'src/app/routes/not-found.tsx',
  '/login': 'src/app/routes/login.tsx',
  '/account': 'src/app/routes/account.tsx',
  '/checkout': 'src/app/routes/checkout.tsx',
  '/orders': 'src/app/routes/orders.tsx',
  '/orders/…': 'src/app/routes/order.tsx',
  '/orders/…/facture': 'src/app/routes/invoice.tsx',
  '/contact, /about…': 'src/app/routes/static-pages.tsx',
  '/forgot-password': 'src/app/routes/forgot-password.tsx',
  // Wave sends the shopper back here: a first load too.
  '/payment-success…': 'src/app/routes/payment-pages.tsx',
}
// Admin code: the route modules and the admin feature (dashboard, orders, products, users).
const ADMIN_MARKERS = ['src/app/routes/admin/', 'src/features/admin/']

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(root, 'dist')
const html = readIfExists(join(dist, 'index.html'))
if (!html) fail('dist/index.html not found: run `npm run build` first.')
const manifestPath = join(dist, '.vite', 'manifest.json')
const manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : null

function readIfExists(path) {
  return existsSync(path) ? readFileSync(path, 'utf8') : null
}
function fail(message) {
  console.error(message)
  process.exit(1)
}

const cache = new Map()
function brotli(file) {
  if (!cache.has(file)) {
    const bytes = readFileSync(join(dist, file))
    const compressed = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
    cache.set(file, { raw: bytes.length, br: compressed.length })
  }
  return cache.get(file)
}

const clean = (url) => url.replace(/^\//, '').split(/[?#]/)[0]
const attr = (tag, name) => tag.match(new RegExp(`${name}="([^"]+)"`))?.[1]

// --- entry set from index.html ---------------------------------------------
const js = new Set()
const css = new Set()
for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
  const src = attr(tag, 'src')
  if (src && /type="module"/.test(tag)) js.add(clean(src))
}
for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
  const rel = attr(tag, 'rel')
  const href = attr(tag, 'href')
  if (!href) continue
  if (rel === 'modulepreload') js.add(clean(href))
  if (rel === 'stylesheet') css.add(clean(href))
}
if (js.size === 0) fail('No module script found in dist/index.html.')
// Inline scripts (the tap keeper) run on every first load too: counted as one more file.
const INLINE = '(inline scripts of index.html)'
const inline = [...html.matchAll(/<script\b(?![^>]*\b(?:src|type)=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('')
if (inline) {
  const compressed = brotliCompressSync(Buffer.from(inline), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
  cache.set(INLINE, { raw: Buffer.byteLength(inline), br: compressed.length })
  js.add(INLINE)
}

// Follow static imports through the manifest (Vite already lists them as
// modulepreload links; this catches anything it did not).
const byFile = new Map(Object.entries(manifest ?? {}).map(([key, chunk]) => [chunk.file, { key, ...chunk }]))
function closure(keys, jsOut, cssOut) {
  const stack = [...keys]
  const seen = new Set()
  while (stack.length) {
    const key = stack.pop()
    if (seen.has(key) || !manifest?.[key]) continue
    seen.add(key)
    const chunk = manifest[key]
    jsOut.add(chunk.file)
    for (const file of chunk.css ?? []) cssOut.add(file)
    stack.push(...(chunk.imports ?? []))
  }
}
closure([...js].map((file) => byFile.get(file)?.key).filter(Boolean), js, css)

function total(files) {
  let raw = 0
  let br = 0
  for (const file of files) {
    const size = brotli(file)
    raw += size.raw
    br += size.br
  }
  return { raw, br }
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`

let failed = false
function report(label, jsFiles, cssFiles) {
  const j = total(jsFiles)
  const c = total(cssFiles)
  const jsOk = j.br <= JS_BUDGET
  const cssOk = c.br <= CSS_BUDGET
  if (!jsOk || !cssOk) failed = true
  console.log(
    `${label.padEnd(22)} JS ${kb(j.br).padStart(9)} br (${kb(j.raw)} raw) ${jsOk ? 'ok' : 'OVER BUDGET'}` +
      `${jsOk && j.br > JS_STRETCH ? ' (above the 100 KB stretch goal)' : ''}` +
      ` | CSS ${kb(c.br).padStart(8)} br (${kb(c.raw)} raw) ${cssOk ? 'ok' : 'OVER BUDGET'}`,
  )
}

console.log('Entry set (index.html):')
for (const file of [...js, ...css]) console.log(`  ${file.padEnd(48)} ${kb(brotli(file).br).padStart(9)} br`)
report('first load (entry)', js, css)

if (manifest) {
  for (const [route, src] of Object.entries(SHOPPER_ROUTES)) {
    if (!manifest[src]) {
      console.log(`route ${route}: ${src} not in manifest (skipped)`)
      continue
    }
    const routeJs = new Set(js)
    const routeCss = new Set(css)
    closure([src], routeJs, routeCss)
    report(`entry + route ${route}`, routeJs, routeCss)
  }
  const leaked = [...js].map((file) => byFile.get(file)?.key ?? '').filter((key) => ADMIN_MARKERS.some((marker) => key.includes(marker)))
  if (leaked.length) {
    failed = true
    console.log(`Admin code in the shopper's first load: ${leaked.join(', ')}`)
  } else {
    console.log('Admin chunk: not in the shopper first load (ok)')
  }
} else {
  console.log('No dist/.vite/manifest.json: per-route check skipped.')
}

console.log(`Budget: ${kb(JS_BUDGET)} JS, ${kb(CSS_BUDGET)} CSS (brotli, quality 11).`)
process.exit(failed ? 1 : 0)
