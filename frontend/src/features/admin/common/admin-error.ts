import { isApiError } from '@/lib/api-client'

/**
 * What an admin reads when a call fails. A refusal of the server (4xx) carries
 * its own French sentence, which says what to do ("Stock insuffisant…", "Un
 * administrateur ne peut pas être supprimé"): it is shown as it is. No answer,
 * a 5xx or a malformed answer get the screen's own message.
 */
export function adminErrorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.code !== 'invalid_response') {
    return error.message
  }
  return fallback
}

export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404
}
