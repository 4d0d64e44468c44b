// How identity failures read to the shopper.
import { expireSession, GENERIC_ERROR_MESSAGE, isApiError } from '@/lib/api-client'

export const LOGIN_FAILED = 'Email ou mot de passe incorrect'
export const LOGIN_EXCEPTION = 'Une erreur est survenue lors de la connexion'

/**
 * A refusal that says when to come back (too many attempts, 429; a server busy
 * with password work, 503 `server_busy`): the server's sentence says it.
 */
export function comeBackMessage(error: unknown): string | null {
  const waitFor = isApiError(error) && (error.status === 429 || error.code === 'server_busy')
  return waitFor && error.message !== GENERIC_ERROR_MESSAGE ? error.message : null
}

/** An answer of the server (wrong password, deactivated, too many tries, too busy) shows its message; anything else the form's own text. */
export function loginErrorMessage(error: unknown): string {
  const comeBack = comeBackMessage(error)
  if (comeBack) return comeBack
  if (isApiError(error) && error.status >= 400 && error.status < 500) {
    return error.message !== GENERIC_ERROR_MESSAGE ? error.message : LOGIN_FAILED
  }
  return LOGIN_EXCEPTION
}

export function registerErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.message && error.message !== GENERIC_ERROR_MESSAGE) return error.message
    if (error.status === 400) return 'Données invalides. Vérifiez vos informations.'
    if (error.status >= 500) return 'Erreur serveur. Veuillez réessayer plus tard.'
  }
  return "Une erreur est survenue lors de l'inscription."
}

/**
 * The API client ends the session on a 401 outside `/auth/`; under `/auth/`
 * (profile, password) a 401 that is not "wrong current password" means the
 * same thing: the token is no longer valid. True when it was handled.
 */
export function endSessionIfExpired(error: unknown): boolean {
  if (isApiError(error) && error.status === 401 && error.code !== 'incorrect_current_password') {
    expireSession()
    return true
  }
  return false
}
