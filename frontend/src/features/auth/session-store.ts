// Session state outside React, so the API client's 401 handler and the header
// read the same truth. React reads it with useSession().
import { useSyncExternalStore } from 'react'
import { safeParse } from 'zod/mini'
import { TOKEN_KEY, USER_KEY } from '@/lib/api-client'
import { getMe } from './api/get-me'
import { postLogout } from './api/logout'
import { userSchema, type User } from './api/user-schema'

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous'

export interface SessionState {
  status: SessionStatus
  user: User | null
  /**
   * Why the last session ended: `expired` (the server refused the token:
   * /login says so) or `logout` (the shopper left: guards send them home).
   */
  ended?: 'expired' | 'logout'
}

const listeners = new Set<() => void>()

function setState(next: SessionState) {
  state = next
  listeners.forEach((listener) => listener())
}

function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

function cachedUser(): User | null {
  const raw = storage()?.getItem(USER_KEY)
  if (!raw) return null
  try {
    const parsed = safeParse(userSchema, JSON.parse(raw))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

// With a stored token the first paint already says "checking" (and shows the
// cached user), instead of flashing the Connexion link.
let state: SessionState = storage()?.getItem(TOKEN_KEY)
  ? { status: 'loading', user: cachedUser() }
  : { status: 'anonymous', user: null }

export const sessionStore = {
  getState: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  },
  /** A fresh /auth/me or a saved profile. */
  setUser(user: User) {
    storage()?.setItem(USER_KEY, JSON.stringify(user))
    setState({ status: 'authenticated', user })
  },
  /** After a login or a password change (which ends every older token). */
  logIn(token: string, user: User) {
    inFlight?.abort()
    storage()?.setItem(TOKEN_KEY, token)
    sessionStore.setUser(user)
  },
  /** Forget the session locally (logout, expired token). */
  clear({ ended }: { ended?: SessionState['ended'] } = {}) {
    storage()?.removeItem(TOKEN_KEY)
    storage()?.removeItem(USER_KEY)
    setState(ended ? { status: 'anonymous', user: null, ended } : { status: 'anonymous', user: null })
  },
}

let inFlight: AbortController | null = null

/**
 * On start: with a stored token, ask the server who we are. Until it answers,
 * the cached user (if any) is shown so the header does not flicker; any
 * failure or empty answer ends the session.
 */
export async function initSession(): Promise<void> {
  inFlight?.abort()
  const token = storage()?.getItem(TOKEN_KEY)
  if (!token) {
    sessionStore.clear()
    return
  }
  const controller = new AbortController()
  inFlight = controller
  setState({ status: 'loading', user: cachedUser() })
  try {
    const user = await getMe(controller.signal)
    if (!controller.signal.aborted) sessionStore.setUser(user)
  } catch {
    if (!controller.signal.aborted) sessionStore.clear()
  } finally {
    if (inFlight === controller) inFlight = null
  }
}

let pendingLogout: Promise<void> = Promise.resolve()

/**
 * Logout clears token and user at once (the caller clears the
 * query cache and decides where to go) and tells the server, which ends every
 * session of the user. A server that does not answer does not keep anyone
 * logged in: the local session is gone either way.
 */
export function logout(): Promise<void> {
  inFlight?.abort()
  const token = storage()?.getItem(TOKEN_KEY)
  sessionStore.clear({ ended: 'logout' })
  if (!token) return pendingLogout
  pendingLogout = postLogout(token).catch(() => {
    // Already logged out locally; an old token expires by itself.
  })
  return pendingLogout
}

/**
 * Resolves once the last logout reached the server (or gave up). A login
 * waits for it: the server's "end every session" must not land after the new
 * session was opened, or it would end that one too.
 */
export function logoutSettled(): Promise<void> {
  return pendingLogout
}

/** Another tab logged in or out: follow it. */
export function watchOtherTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_KEY || event.key === null) void initSession()
  }
  window.addEventListener('storage', onStorage)
  return () => window.removeEventListener('storage', onStorage)
}

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState, sessionStore.getState)
}
