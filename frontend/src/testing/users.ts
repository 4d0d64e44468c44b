import { http, HttpResponse } from 'msw'
import type { User } from '@/features/auth/api/user-schema'
import { server } from './server'

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: '5b0c7a52-0d5e-4c1e-9a57-6f3e2a1b9c10',
    firstName: 'Awa',
    lastName: 'Diop',
    email: 'awa@example.sn',
    phone: '+221771234567',
    address: 'Rue 10, Parcelles Assainies',
    city: 'Dakar',
    zipCode: '12500',
    country: 'Sénégal',
    role: 'customer',
    active: true,
    createdAt: '2025-01-10T09:00:00Z',
    ...overrides,
  }
}

/** A stored token that /api/auth/me accepts: the app starts logged in as `user`. */
export function loggedInAs(user: User = makeUser(), token = 'jwt-test') {
  localStorage.setItem('token', token)
  server.use(http.get('/api/auth/me', () => HttpResponse.json({ data: user })))
  return user
}

/** Pages reached after a redirect (home, listings) call the catalogue: answer "nothing there". */
export function catalogueMissing() {
  server.use(http.get('/api/*', () => HttpResponse.json({ code: 'not_found', message: 'Introuvable' }, { status: 404 })))
}

/** Label text without the required-field asterisk, for getByLabelText. */
export const withoutAsterisk = { normalizer: (text: string) => text.replace(/\s*\*\s*$/, '').replace(/\s+/g, ' ').trim() }
