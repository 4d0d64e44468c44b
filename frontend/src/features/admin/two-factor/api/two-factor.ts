// Two-step login of the signed-in member of the team (docs/roles.md#two-step-login): a new
// secret to scan, the first code that turns it on, and turning it off.
import { useMutation } from '@tanstack/react-query'
import { array, int, object, string, union, type infer as Infer } from 'zod/mini'
import { api, dataOf } from '@/lib/api-client'
import { accountShape } from '@/lib/account-shape'

/** The signed-in account, as the session keeps it. */
export const accountSchema = object({ id: union([string(), int()]), ...accountShape })
export type Account = Infer<typeof accountSchema>

/** What the app is shown: the QR code (an SVG `data:` address) and the secret to type by hand. */
export const setupSchema = object({ secret: string(), otpauthUrl: string(), qrCode: string() })
export type TwoFactorSetup = Infer<typeof setupSchema>

/** Turned on: a new session (the others ended) and the recovery codes, shown once. */
export const enabledSchema = object({ token: string(), user: accountSchema, recoveryCodes: array(string()) })
export type TwoFactorEnabled = Infer<typeof enabledSchema>

// None of these is sent twice on its own: each changes the account, and a code serves once.

/** POST /api/auth/2fa/setup: a new secret (asking again replaces the one not yet confirmed). */
export function useStartSetup() {
  return useMutation({
    mutationFn: async () => (await api.post('/auth/2fa/setup', undefined, dataOf(setupSchema), { retry: false })).data,
  })
}

/** POST /api/auth/2fa/enable with the app's first code. */
export function useEnable() {
  return useMutation({
    mutationFn: async (code: string) =>
      (await api.post('/auth/2fa/enable', { code }, dataOf(enabledSchema), { retry: false })).data,
  })
}

/** POST /api/auth/2fa/disable, proven by the password. */
export function useDisable() {
  return useMutation({
    mutationFn: async (password: string) =>
      (await api.post('/auth/2fa/disable', { password }, dataOf(accountSchema), { retry: false })).data,
  })
}
