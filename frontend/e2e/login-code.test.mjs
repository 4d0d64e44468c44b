// Login by a code sent on WhatsApp (docs/rules.md#login-by-code), on a phone: /login's
// « Recevoir un code sur WhatsApp », the phone, the code read from the fake Cloud API as the
// customer's WhatsApp shows it, and the shopper logged in to an account opened for the phone.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { startShop } from './harness.mjs'
import { startFakeWhatsApp } from './fake-whatsapp.mjs'

let shop
let whatsapp
before(async () => {
  whatsapp = await startFakeWhatsApp()
  shop = await startShop({ env: whatsapp.env })
})
after(async () => {
  await shop?.stop()
  await whatsapp?.stop()
})

test('phone: a new customer logs in with the code WhatsApp brought, without e-mail or password', async () => {
  const page = await shop.newPage({ mobile: true })
  await page.goto('/login')
  await page.getByRole('button', { name: 'Recevoir un code sur WhatsApp' }).click()

  const phoneForm = page.getByRole('form', { name: 'Connexion par WhatsApp' })
  await phoneForm.getByLabel('Numéro WhatsApp').fill('77 412 30 98')
  await phoneForm.getByRole('button', { name: 'Recevoir le code' }).click()

  const codeForm = page.getByRole('form', { name: 'Code reçu sur WhatsApp' })
  await codeForm.getByText("Si ce numéro est sur WhatsApp, un code de connexion vient d'y être envoyé.").waitFor()
  const code = await whatsapp.codeSentTo('221774123098')
  assert.match(code, /^\d{6}$/)
  await codeForm.getByLabel('Code reçu').fill(`${code.slice(0, 3)} ${code.slice(3)}`)
  await codeForm.getByRole('button', { name: 'Se connecter', exact: true }).click()

  // Logged in, and taken where a login goes (home, here); the account is the phone's.
  await page.waitForURL((url) => url.pathname === '/')
  const me = await page.evaluate(async () => {
    const answer = await fetch('/api/auth/me', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } })
    return (await answer.json()).data
  })
  assert.deepEqual([me.email, me.loginPhone, me.role], [null, '+221774123098', 'customer'])
  assert.equal(whatsapp.sent.length, 1, 'one message: the code')
  // No name yet: the header names the account by its phone.
  await page.getByRole('button', { name: /^Compte de 77\s412\s30\s98$/ }).waitFor()
  await page.close()
})
