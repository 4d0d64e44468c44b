// Starts the real `bitik` binary on a free port against a fresh database (migrated and seeded),
// and launches Debian's Chromium through playwright-core. Each test file gets its own shop.
import { spawn, execFileSync } from 'node:child_process'
import { createConnection, createServer } from 'node:net'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { randomUUID } from 'node:crypto'
import { chromium } from 'playwright-core'
import { accessibilityWatch } from './accessibility.mjs'

const ROOT = resolve(import.meta.dirname, '..', '..')
const BITIK = process.env.BITIK_BIN ?? join(ROOT, 'target', 'debug', 'bitik')
const DB_SERVER = process.env.E2E_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432'
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
// Set by `just test`: a migrated and seeded database to clone, and the pictures it refers to.
const TEMPLATE_DB = process.env.E2E_TEMPLATE_DB
const SHARED_UPLOADS = process.env.E2E_UPLOAD_DIR

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolvePort(port))
    })
  })
}

function psql(sql) {
  execFileSync('psql', [`${DB_SERVER}/postgres`, '-qc', sql], { stdio: ['ignore', 'ignore', 'inherit'] })
}

function bitik(args, env) {
  execFileSync(BITIK, args, { env, stdio: ['ignore', 'ignore', 'inherit'] })
}

async function waitForHealth(baseUrl, server) {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`bitik exited with ${server.exitCode}`)
    try {
      const response = await fetch(`${baseUrl}/api/health`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('bitik did not become healthy within 30 s')
}

/**
 * A running shop: `baseUrl`, a `browser`, and `stop()` to tear everything down.
 * `env` adds or replaces settings of the server (`{ WAVE_MODE: 'test' }`).
 */
export async function startShop({ env: settings = {} } = {}) {
  const port = await freePort()
  const database = `bitik_e2e_${randomUUID().replaceAll('-', '')}`
  const uploads = SHARED_UPLOADS ?? mkdtempSync(join(tmpdir(), 'bitik-e2e-'))
  const env = {
    ...process.env,
    DATABASE_URL: `${DB_SERVER}/${database}`,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    UPLOAD_DIR: uploads,
    FRONTEND_DIR: join(ROOT, 'frontend', 'dist'),
    RUST_LOG: 'warn',
    // No load balancer to drain from: the shop stops as soon as its journeys are done.
    DRAIN_SECONDS: '0',
    ...settings,
  }
  if (TEMPLATE_DB) {
    psql(`CREATE DATABASE ${database} TEMPLATE ${TEMPLATE_DB}`)
  } else {
    bitik(['migrate'], env)
    bitik(['seed', '--demo-accounts'], env)
  }
  const server = spawn(BITIK, ['serve'], { env, stdio: ['ignore', 'ignore', 'inherit'] })
  const baseUrl = `http://localhost:${port}`
  await waitForHealth(baseUrl, server)
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-quic',
      '--disable-sync',
    ],
  })
  // Every page of every context, the journeys' own contexts included, is checked by axe-core.
  const accessibility = accessibilityWatch()
  const newContext = browser.newContext.bind(browser)
  // Without motion: axe would otherwise read a toast's colours halfway through its fade-in.
  browser.newContext = async (options) => {
    const context = await newContext({ reducedMotion: 'reduce', ...options })
    context.on('page', accessibility.watch)
    return context
  }
  return {
    baseUrl,
    browser,
    /** A fresh page (own storage) with a phone-sized or desktop viewport. */
    async newPage({ mobile = false } = {}) {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: mobile ? { width: 390, height: 844 } : { width: 1280, height: 900 },
        locale: 'fr-FR',
      })
      return context.newPage()
    },
    async stop() {
      const verdict = accessibility.verdict()
      await verdict.catch(() => {})
      await browser.close()
      server.kill('SIGTERM')
      await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)))
      psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
      if (!SHARED_UPLOADS) rmSync(uploads, { recursive: true, force: true })
      await verdict
    },
  }
}

/** aiosmtpd's python: `BITIK_SMTPD_PYTHON` (set by `just test`), or the one `scripts/mail-server.sh` installs. */
function smtpdPython() {
  if (process.env.BITIK_SMTPD_PYTHON) return process.env.BITIK_SMTPD_PYTHON
  return execFileSync(join(ROOT, 'scripts', 'mail-server.sh'), { encoding: 'utf8' }).trim()
}

/** Quoted-printable undone: soft line breaks joined, `=XX` bytes restored, read as UTF-8. */
function unquote(raw) {
  const soft = raw.replace(/=\r?\n/g, '')
  const bytes = []
  for (let i = 0; i < soft.length; i++) {
    const hex = soft[i] === '=' ? soft.slice(i + 1, i + 3) : ''
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(soft.charCodeAt(i) & 0xff)
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

/**
 * A real SMTP server (aiosmtpd, as the API tests use) on a free port: `url` for the shop's
 * `SMTP_URL`, `mails()` the messages received (decoded, with their headers), `stop()`.
 */
export async function startMailServer() {
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'bitik-e2e-mail-'))
  for (const sub of ['tmp', 'new', 'cur']) mkdirSync(join(dir, sub))
  const server = spawn(smtpdPython(), ['-m', 'aiosmtpd', '-n', '-l', `127.0.0.1:${port}`, '-c', 'aiosmtpd.handlers.Mailbox', dir], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const deadline = Date.now() + 20_000
  for (;;) {
    if (server.exitCode !== null) throw new Error(`aiosmtpd exited with ${server.exitCode}`)
    const listening = await new Promise((resolveConnect) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.end()
        resolveConnect(true)
      })
      socket.on('error', () => resolveConnect(false))
    })
    if (listening) break
    if (Date.now() > deadline) throw new Error('aiosmtpd did not listen within 20 s')
    await new Promise((r) => setTimeout(r, 100))
  }
  const mails = () => readdirSync(join(dir, 'new')).map((name) => unquote(readFileSync(join(dir, 'new', name), 'latin1')))
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Waits until `count` messages have arrived, and answers them. */
    async waitFor(count, within = 30_000) {
      const until = Date.now() + within
      for (;;) {
        const received = mails()
        if (received.length >= count) return received
        if (Date.now() > until) throw new Error(`${received.length} of ${count} messages arrived`)
        await new Promise((r) => setTimeout(r, 100))
      }
    },
    async stop() {
      server.kill('SIGTERM')
      await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)))
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
