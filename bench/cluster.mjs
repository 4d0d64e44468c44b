// The scale-out rig's load and checks (`just cluster-test`, scripts/cluster-test.sh sets the
// stage): three instances behind HAProxy on one PostgreSQL, pictures in an S3-compatible bucket,
// e-mail through a real SMTP server. Under browsing plus CUSTOMERS checkouts (each with its own
// Idempotency-Key, retried by the client on a connection error or a gateway's 5xx), one instance
// is SIGKILLed, then started again. Prints what it saw as JSON lines and exits non-zero when a
// check fails:
// - every failed request was in flight on the killed instance (started before HAProxy marked it
//   down, ended after the kill);
// - HAProxy marked it down within about a second;
// - every order the clients saw accepted is in the database exactly once, and no other;
// - the stock proof of `just bench` holds (no negative stock, stock + units sold = the start);
// - a picture uploaded through one instance is served by the other two;
// - each periodic job's slot ran once, on some instance, and none was missed through the kill;
// - each message arrived, once per Message-ID (a send the kill cut may arrive twice, same id).
//
// env: CLUSTER_LB (HAProxy's URL), CLUSTER_STATS (its CSV stats URL), CLUSTER_PORTS (the instances'
// ports, comma-separated), BITIK_BIN, CLUSTER_DB (psql URL), CLUSTER_MAILDIR, CLUSTER_CUSTOMERS
// (the JSON of scripts/cluster-test.sh), and the instances' own settings.
import { spawn, execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const LB = process.env.CLUSTER_LB
const STATS = process.env.CLUSTER_STATS
const PORTS = process.env.CLUSTER_PORTS.split(',')
const DB = process.env.CLUSTER_DB
const MAILDIR = process.env.CLUSTER_MAILDIR
const customers = JSON.parse(readFileSync(process.env.CLUSTER_CUSTOMERS, 'utf8'))
const CHECKOUT_CONCURRENCY = 20
const BROWSERS = 6
const VICTIM = 1 // the second instance
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const now = () => performance.now()
const failedChecks = []

function report(name, value) {
  console.log(JSON.stringify({ [name]: value }))
}
function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`)
  if (!ok) failedChecks.push(what)
}
function sql(query) {
  return execFileSync('psql', ['-X', '-qtA', '-F', '|', DB, '-c', query], { encoding: 'utf8' }).trim()
}
// A psql script of scripts/rush/, shared with `just bench`, with its variables.
function rushSql(file, ...variables) {
  const path = fileURLToPath(new URL(`../scripts/rush/${file}`, import.meta.url))
  const args = variables.flatMap((v) => ['-v', v])
  return execFileSync('psql', ['-X', '-qtA', DB, ...args, '-f', path], { encoding: 'utf8' }).trim()
}

// ---- the instances ------------------------------------------------------------------------

const instances = PORTS.map(() => null)
function startInstance(i) {
  const env = { ...process.env, HOST: '127.0.0.1', PORT: PORTS[i] }
  instances[i] = spawn(process.env.BITIK_BIN, ['serve'], { env, stdio: ['ignore', 'ignore', 'inherit'] })
}
async function ready(port) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health/ready`)).ok) return
    } catch {}
    await sleep(100)
  }
  throw new Error(`the instance on ${port} never became ready`)
}
/** HAProxy's view of each instance: "UP", "DOWN", "MAINT"… by port. */
async function haproxyStates() {
  const csv = await (await fetch(STATS)).text()
  const lines = csv.split('\n').filter((line) => line.startsWith('bitik,'))
  return Object.fromEntries(lines.filter((l) => !l.startsWith('bitik,BACKEND')).map((l) => [l.split(',')[1], l.split(',')[17]]))
}
async function waitForState(server, wanted, timeoutMs) {
  const started = now()
  while (now() - started < timeoutMs) {
    if ((await haproxyStates())[server]?.startsWith(wanted)) return now()
    await sleep(20)
  }
  throw new Error(`HAProxy never saw ${server} ${wanted}`)
}

// ---- the clients ----------------------------------------------------------------------------

const requests = [] // { what, start, end, ok, detail }
async function call(what, method, path, { token, body, client, key, base = LB } = {}) {
  const headers = { 'content-type': 'application/json' }
  if (client) headers['x-forwarded-for'] = client
  if (token) headers.authorization = `Bearer ${token}`
  if (key) headers['idempotency-key'] = key
  const start = now()
  try {
    const response = await fetch(base + path, { method, headers, body: body && JSON.stringify(body) })
    const text = await response.text()
    const entry = { what, start, end: now(), status: response.status, ok: response.status < 500 }
    requests.push(entry)
    return { status: response.status, body: text.startsWith('{') ? JSON.parse(text) : text }
  } catch (error) {
    requests.push({ what, start, end: now(), status: 0, ok: false, detail: error.cause?.code ?? error.message })
    return { status: 0, body: null }
  }
}
const address = (n) => `10.2.${Math.floor(n / 256)}.${n % 256}`

async function prepare(customer, n) {
  const client = address(n)
  const login = await call('setup', 'POST', '/api/auth/login', { client, body: { email: customer.email, password: customer.password } })
  if (login.status !== 200) throw new Error(`login ${customer.email}: ${login.status}`)
  const token = login.body.data.token
  for (const item of customer.items) {
    const added = await call('setup', 'POST', '/api/cart/add', { client, token, body: item })
    if (added.status !== 200) throw new Error(`cart ${customer.email}: ${added.status} ${JSON.stringify(added.body)}`)
  }
  return { ...customer, token, client }
}

/** One order, its key kept across the client's retries: accepted, refused for stock, or failed. */
async function checkout(customer) {
  const key = randomUUID()
  const body = {
    items: customer.items,
    shippingInfo: {
      firstName: 'Client', lastName: 'Cluster', email: customer.email, phone: customer.phone,
      address: 'Rue 10', commune: 'medina', landmark: 'En face du marché Tilène',
    },
    shippingMethod: 'standard',
    paymentMethod: 'cash_on_delivery',
  }
  for (let attempt = 0; attempt < 8; attempt++) {
    const answer = await call('checkout', 'POST', '/api/orders', { token: customer.token, client: customer.client, key, body })
    if (answer.status === 201) return { outcome: 'accepted', id: answer.body.data.id, attempts: attempt + 1 }
    if (answer.status === 409 && answer.body?.code === 'insufficient_stock') return { outcome: 'out-of-stock', attempts: attempt + 1 }
    if (answer.status !== 0 && answer.status < 500) return { outcome: 'refused', status: answer.status, code: answer.body?.code }
    await sleep(200 * (attempt + 1))
  }
  return { outcome: 'failed' }
}

async function browse(stop, paths) {
  let n = 0
  while (!stop.done) {
    await call('browse', 'GET', paths[n++ % paths.length])
  }
}

async function inBatches(items, size, work) {
  const results = []
  for (let i = 0; i < items.length; i += size) {
    results.push(...(await Promise.all(items.slice(i, i + size).map((item, j) => work(item, i + j)))))
  }
  return results
}

// ---- the run --------------------------------------------------------------------------------

try {
  PORTS.forEach((_, i) => startInstance(i))
  await Promise.all(PORTS.map(ready))
  for (let i = 0; i < PORTS.length; i++) await waitForState(`bitik-${i + 1}`, 'UP', 10_000)

  // A picture uploaded through the first instance, read through the others.
  const admin = await call('setup', 'POST', '/api/auth/login', { body: { email: 'admin@bitik.sn', password: 'bitik-admin' }, base: `http://127.0.0.1:${PORTS[0]}` })
  const products = await call('setup', 'GET', '/api/products?limit=1')
  const picture = await (await fetch(LB + products.body.data[0].images[0])).arrayBuffer()
  const form = new FormData()
  form.append('type', 'product')
  form.append('images', new Blob([picture], { type: 'image/jpeg' }), 'cluster.jpg')
  const uploaded = await fetch(`http://127.0.0.1:${PORTS[0]}/api/upload/images`, {
    method: 'POST', headers: { authorization: `Bearer ${admin.body.data.token}` }, body: form,
  })
  const url = (await uploaded.json()).data.urls[0]
  const firstBytes = Buffer.from(await (await fetch(`http://127.0.0.1:${PORTS[0]}${url}`)).arrayBuffer())
  for (const port of PORTS.slice(1)) {
    const served = await fetch(`http://127.0.0.1:${port}${url}`)
    const bytes = Buffer.from(await served.arrayBuffer())
    check(uploaded.status === 201 && served.status === 200 && bytes.equals(firstBytes), `a picture uploaded through instance 1 is served by the instance on ${port} (${served.status})`)
  }

  const ready_ = await inBatches(customers, 4, prepare)
  const slugs = JSON.parse(sql("SELECT json_agg(slug) FROM (SELECT slug FROM products WHERE active ORDER BY slug LIMIT 8) s"))
  const paths = ['/api/products?page=1&limit=12', '/api/products/facets', ...slugs.map((slug) => `/api/products/${slug}`), '/products', '/']
  const stop = { done: false }
  const browsing = Array.from({ length: BROWSERS }, () => browse(stop, paths))
  const loadStart = now()

  // The kill, a third of the way into the checkouts; the instance comes back three seconds later.
  let killAt = 0
  let downAt = 0
  let upAgainAt = 0
  const killer = (async () => {
    await sleep(1500)
    killAt = now()
    instances[VICTIM].kill('SIGKILL')
    downAt = await waitForState(`bitik-${VICTIM + 1}`, 'DOWN', 10_000)
    await sleep(3000)
    startInstance(VICTIM)
    upAgainAt = await waitForState(`bitik-${VICTIM + 1}`, 'UP', 30_000)
  })()
  const results = await inBatches(ready_, CHECKOUT_CONCURRENCY, checkout)
  await killer
  await sleep(1000) // browsing through the instance that came back
  stop.done = true
  await Promise.all(browsing)
  const seconds = (now() - loadStart) / 1000

  const accepted = results.filter((r) => r.outcome === 'accepted')
  const failures = requests.filter((r) => !r.ok && r.what !== 'setup')
  report('load', {
    seconds: Number(seconds.toFixed(1)),
    requests: requests.filter((r) => r.what !== 'setup').length,
    browsing: requests.filter((r) => r.what === 'browse').length,
    checkouts: results.length,
    accepted: accepted.length,
    outOfStock: results.filter((r) => r.outcome === 'out-of-stock').length,
    retried: results.filter((r) => r.attempts > 1).length,
    failedRequests: failures.length,
    failures: [...new Set(failures.map((f) => `${f.what} ${f.status || f.detail}`))],
    markedDownMs: Math.round(downAt - killAt),
    backUpMs: Math.round(upAgainAt - killAt),
  })

  check(results.every((r) => r.outcome === 'accepted' || r.outcome === 'out-of-stock'), 'every checkout ended accepted or refused for stock, none failed')
  check(failures.every((f) => f.start <= downAt && f.end >= killAt), 'every failed request was in flight on the killed instance')
  check(downAt - killAt <= 1500, `HAProxy took the killed instance out in ${Math.round(downAt - killAt)} ms`)

  const ids = accepted.map((r) => r.id)
  // The rig's customers' orders only: the demo shop's month of orders is there before it starts.
  const inDatabase = sql(`SELECT o.id FROM orders o JOIN users u ON u.id = o.user_id WHERE u.email LIKE 'cluster-%'`)
    .split('\n')
    .filter(Boolean)
  const once = ids.every((id) => inDatabase.filter((row) => row === id).length === 1)
  check(new Set(ids).size === ids.length && once && inDatabase.length === ids.length,
    `every accepted order is in the database once, and no other (${ids.length} accepted, ${inDatabase.length} stored)`)

  const [negative, mismatched] = rushSql('proof.sql', 'prefix=cluster').split('|').map(Number)
  check(negative === 0 && mismatched === 0, `the stock proof holds (${negative} negative, ${mismatched} mismatched)`)

  // A slot is one row (job, slot) by construction; what the run can get wrong is a slot that no
  // instance took, the killed one's included: every job's slots follow each other at its period.
  // (The instance that ticks first in each period takes every slot while it lives.)
  const [slots, missed, instancesRan] = sql(`
    WITH gaps AS (
      SELECT job, slot - lag(slot) OVER (PARTITION BY job ORDER BY slot) AS gap FROM job_runs)
    SELECT (SELECT count(*) FROM job_runs),
           (SELECT count(*) FROM gaps g WHERE gap > (SELECT min(gap) FROM gaps m WHERE m.job = g.job)),
           (SELECT count(DISTINCT instance) FROM job_runs)`).split('|').map(Number)
  check(slots > 0 && missed === 0 && instancesRan >= 1,
    `each periodic job's slots ran once each, none missed (${slots} slots, ${missed} missed, on ${instancesRan} instances)`)

  // The outbox's senders empty it; then what was sent is what arrived.
  for (let i = 0; i < 150 && Number(sql("SELECT count(*) FROM messages WHERE state = 'pending'")) > 0; i++) await sleep(200)
  const sent = Number(sql("SELECT count(*) FROM messages WHERE state = 'sent'"))
  const arrived = readdirSync(join(MAILDIR, 'new')).map((name) => readFileSync(join(MAILDIR, 'new', name), 'utf8'))
  const header = (mail, name) => new RegExp(`^${name}:\\s*(.+)$`, 'im').exec(mail)?.[1]?.trim()
  // At least once: an instance killed after the relay took a message but before the outbox
  // recorded it leaves it to another, which sends it again under the same Message-ID (the outbox's
  // id), so the customer's mail shows it once.
  const messageIds = arrived.map((mail) => header(mail, 'Message-ID'))
  const distinct = new Set(messageIds).size
  report('mail', { sent, received: arrived.length, distinctMessageIds: distinct, sentAgain: arrived.length - distinct })
  check(sent > 0 && messageIds.every(Boolean) && distinct === sent,
    `each message arrived under its own Message-ID (${sent} sent, ${arrived.length} received, ${distinct} distinct)`)
} finally {
  for (const instance of instances) instance?.kill('SIGTERM')
}
if (failedChecks.length > 0) {
  console.error(`${failedChecks.length} check(s) failed`)
  process.exitCode = 1
}
