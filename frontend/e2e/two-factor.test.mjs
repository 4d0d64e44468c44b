// Two-step login (docs/roles.md#two-step-login), against the real server: a manager turns it on
// from the back office on a 360-px phone, their app's codes computed here from the secret the
// screen shows (RFC 6238), then logs out and back in with the password and a fresh code.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import { startShop } from './harness.mjs'

const DEMO_ADMIN = { email: 'admin@bitik.sn', password: 'bitik-admin' }
const MANAGER = { firstName: 'Ndèye', lastName: 'Sarr', email: 'ndeye@bitik.sn', phone: '77 100 00 03', password: 'gerante1', role: 'manager' }

let shop
before(async () => {
  shop = await startShop()
})
after(async () => {
  await shop?.stop()
})

const label = (text) => new RegExp(`^${text}`)

/** RFC 6238 (HMAC-SHA1, 6 digits, 30 s) for the base32 `secret`, `ahead` steps from now. */
function totp(secret, ahead = 0) {
  const bits = [...secret.replace(/\s/g, '')].map((c) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'.indexOf(c).toString(2).padStart(5, '0')).join('')
  const key = Buffer.from(bits.match(/.{8}/g).map((byte) => parseInt(byte, 2)))
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + ahead))
  const mac = createHmac('sha1', key).update(counter).digest()
  const offset = mac[mac.length - 1] & 15
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0')
}

async function api(method, path, { token, body } = {}) {
  const response = await fetch(`${shop.baseUrl}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, json: await response.json().catch(() => null) }
}

async function typePassword(page) {
  await page.goto('/login')
  const form = page.getByRole('form', { name: 'Connexion' })
  await form.getByLabel(label('Email')).fill(MANAGER.email)
  await form.getByLabel(label('Mot de passe')).fill(MANAGER.password)
  await form.getByRole('button', { name: 'Se connecter' }).click()
}

test('a manager turns on two-step login, then logs in with the password and a code', async () => {
  const admin = (await api('POST', '/auth/login', { body: DEMO_ADMIN })).json.data.token
  const hired = await api('POST', '/admin/users', { token: admin, body: MANAGER })
  assert.equal(hired.status, 201, JSON.stringify(hired.json))

  const page = await shop.newPage({ mobile: true })
  await page.setViewportSize({ width: 360, height: 780 })
  const errors = []
  page.on('pageerror', (error) => errors.push(error.message))
  await typePassword(page)
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  await page.goto('/admin/two-factor')
  await page.getByRole('heading', { level: 1, name: 'Connexion en deux étapes' }).waitFor()
  assert.equal(await page.title(), 'Connexion en deux étapes – Administration | Bitik Dakar')

  await page.getByRole('button', { name: 'Activer la connexion en deux étapes' }).click()
  await page.getByRole('img', { name: 'Code QR à scanner avec votre application d’authentification' }).waitFor()
  const secret = await page.getByRole('definition').textContent()
  const form = page.getByRole('form', { name: 'Activer la connexion en deux étapes' })
  await form.getByLabel(label('Code de vérification')).fill(totp(secret))
  await form.getByRole('button', { name: 'Activer' }).click()
  const codes = page.getByRole('list', { name: 'Codes de secours' })
  await codes.waitFor()
  assert.equal(await codes.getByRole('listitem').count(), 10)
  await page.getByText('ils ne seront plus jamais affichés').waitFor()
  // Nothing of the screen is wider than the phone.
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 360))
  await page.getByRole('button', { name: 'J’ai noté mes codes de secours' }).click()

  // Logged out from the shop's header.
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.getByRole('link', { name: '← Retour à la boutique' }).click()
  await page.getByRole('button', { name: `Compte de ${MANAGER.firstName}` }).click()
  await page.getByRole('button', { name: 'Déconnexion' }).first().click()
  await page.getByRole('dialog', { name: 'Déconnexion' }).getByRole('button', { name: 'Confirmer' }).click()
  await page.getByRole('link', { name: 'Connexion' }).first().waitFor()

  // The password, then a fresh code (the next step's: the one that turned it on is spent).
  await typePassword(page)
  const second = page.getByRole('form', { name: 'Code de vérification' })
  await second.getByLabel(label('Code de vérification')).fill(totp(secret, 1))
  await second.getByRole('button', { name: 'Vérifier' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  await page.goto('/admin')
  await page.waitForURL('**/admin/dashboard')
  await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Commandes' }).waitFor()

  assert.deepEqual(errors, [])
  await page.context().close()
})
