// The one HTTP client of the storefront and the admin area.
//
// Rules:
// - base '/api', JSON, 15 s timeout, bearer token from localStorage `token`;
// - up to 3 attempts, waiting 1 s then 2 s, but only for failures that a second
//   try can fix: the network, a timeout, a 5xx. A 4xx is an answer, not a glitch.
// - only idempotent methods (GET, PUT, DELETE) are retried by default. A POST
//   that timed out may still have been applied by the server (an order created,
//   a payment session opened): sending it again could do it twice, so a caller
//   opts in with `retry: true` only when the endpoint is safe to repeat.
// - a 401 outside `/auth/` means the session is over: token and user are
//   dropped and the shopper is sent to /login?session=expired.
// - every answer goes through the caller's zod schema, so a drift between the
//   Rust DTOs and the TypeScript types fails loudly instead of rendering junk.
// - a GET the page already carries the answer to (a product page, `/products`:
//   see crates/pages) is answered from the page, once: the first
//   render does not wait one more round trip for what the server just sent.
import type { $ZodType, output } from 'zod/v4/core'
import { array, boolean, int, object, optional, record, safeParse, string, prettifyError } from 'zod/mini'
import { abortError, retry } from './retry'

export const API_BASE = '/api'
export const REQUEST_TIMEOUT_MS = 15_000
export const MAX_ATTEMPTS = 3
export const RETRY_BASE_DELAY_MS = 1_000

export const GENERIC_ERROR_MESSAGE = "Une erreur s'est produite"
export const NETWORK_ERROR_MESSAGE = 'Impossible de joindre le serveur. Vérifiez votre connexion internet.'
export const TIMEOUT_ERROR_MESSAGE = 'Le serveur met trop de temps à répondre. Veuillez réessayer.'
export const INVALID_RESPONSE_MESSAGE = 'Réponse invalide du serveur'

export const TOKEN_KEY = 'token'
export const USER_KEY = 'user'
export const SESSION_EXPIRED_PATH = '/login?session=expired'

/** What is wrong in one cell of an uploaded file: its line (the header is 1), column and message. */
export interface RowProblem {
  row: number
  column: string
  message: string
}

export class ApiError extends Error {
  /** HTTP status; 0 when no answer came back (network error or timeout). */
  readonly status: number
  /** Stable snake_case code from the server, or one of ours: network_error, timeout, invalid_response. */
  readonly code: string
  /** Per-field French messages for forms. */
  readonly fields: Record<string, string>
  /** How long the server asked us to wait (`Retry-After` of a 429 or 503), when it said. */
  readonly retryAfterMs: number | null
  /** Per-row French messages of an uploaded file (`invalid_import`). */
  readonly rows: RowProblem[]

  constructor(
    status: number,
    code: string,
    message: string,
    fields: Record<string, string> = {},
    retryAfterMs: number | null = null,
    rows: RowProblem[] = [],
  ) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.fields = fields
    this.retryAfterMs = retryAfterMs
    this.rows = rows
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

/** A second try can only help when no answer came back or the server failed. */
export function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return false
  return error.status === 0 || error.status >= 500
}

// --- envelopes -----------------------------------------------------------

export const paginationSchema = object({
  page: int(),
  limit: int(),
  totalItems: int(),
  totalPages: int(),
  /** The shop's listing stops counting ten pages ahead: `totalItems` is then "at least". */
  totalIsLowerBound: optional(boolean()),
})

/** `{"data": T}` */
export function dataOf<S extends $ZodType>(schema: S) {
  return object({ data: schema })
}

/** `{"data": [T], "pagination": {...}}` */
export function pageOf<S extends $ZodType>(item: S) {
  return object({ data: array(item), pagination: paginationSchema })
}

const errorEnvelope = object({
  code: optional(string()),
  message: optional(string()),
  fields: optional(record(string(), string())),
  rows: optional(array(object({ row: int(), column: string(), message: string() }))),
})

// --- session expiry --------------------------------------------------------

let onSessionExpired: () => void = () => {
  window.location.assign(SESSION_EXPIRED_PATH)
}

/** The app installs a router-aware handler (no full reload); lib stays router-free. */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler
}

/**
 * The same as a 401 outside `/auth/`, for callers that learn the session is
 * over from an `/auth/` path (profile or password change with a dead token).
 */
export function expireSession(): void {
  clearSession()
  onSessionExpired()
}

// --- request ---------------------------------------------------------------

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[]

export interface RequestOptions<S extends $ZodType> {
  schema: S
  method?: Method
  body?: unknown
  query?: Record<string, QueryValue>
  signal?: AbortSignal
  /** Force retrying on/off; defaults to true for GET, PUT and DELETE only. */
  retry?: boolean
  timeoutMs?: number
  /** Bearer token to send instead of the stored one (logout sends the token it is ending). */
  token?: string | null
  /** Extra request headers (e.g. `Idempotency-Key`, which makes a POST safe to retry). */
  headers?: Record<string, string>
}

const IDEMPOTENT: ReadonlySet<Method> = new Set(['GET', 'PUT', 'DELETE'])

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','))
    } else {
      params.set(key, String(value))
    }
  }
  const search = params.toString()
  return `${API_BASE}${path}${search ? `?${search}` : ''}`
}

function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY)
  } catch {
    return null
  }
}

function clearSession(): void {
  try {
    localStorage.removeItem(TOKEN_KEY)
    localStorage.removeItem(USER_KEY)
  } catch {
    // Storage can be unavailable (private mode); nothing to clear then.
  }
}

async function readBody(response: Response): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const text = await response.text()
  if (text.trim() === '') return { ok: true, value: undefined }
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    return { ok: false }
  }
}

/** `Retry-After` in seconds (the form our server sends); a date or junk counts as unsaid. */
function retryAfterMs(response: Response): number | null {
  const seconds = Number(response.headers.get('Retry-After') ?? '')
  return response.headers.has('Retry-After') && Number.isFinite(seconds) && seconds >= 0 ? seconds * 1_000 : null
}

async function errorFromResponse(response: Response): Promise<ApiError> {
  const body = await readBody(response).catch(() => ({ ok: false as const }))
  const parsed = body.ok ? safeParse(errorEnvelope, body.value) : null
  const envelope = parsed?.success ? parsed.data : {}
  const message = envelope.message?.trim() ? envelope.message : GENERIC_ERROR_MESSAGE
  return new ApiError(
    response.status,
    envelope.code ?? 'http_error',
    message,
    envelope.fields ?? {},
    retryAfterMs(response),
    envelope.rows ?? [],
  )
}

/** One attempt: fetch with timeout, map every failure to an ApiError. */
async function attempt<S extends $ZodType>(
  path: string,
  options: RequestOptions<S>,
  method: Method,
): Promise<output<S>> {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS)
  const forwardAbort = () => controller.abort()
  options.signal?.addEventListener('abort', forwardAbort, { once: true })

  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' }
  const token = options.token !== undefined ? options.token : readToken()
  if (token) headers.Authorization = `Bearer ${token}`
  let requestBody: BodyInit | undefined
  if (options.body instanceof FormData || options.body instanceof Blob) {
    // A file goes as it is: its type is the Blob's (or the caller's `Content-Type`).
    requestBody = options.body
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    requestBody = JSON.stringify(options.body)
  }

  try {
    let response: Response
    try {
      response = await fetch(buildUrl(path, options.query), { method, headers, body: requestBody, signal: controller.signal })
    } catch {
      if (options.signal?.aborted) throw abortError(options.signal)
      if (timedOut) throw new ApiError(0, 'timeout', TIMEOUT_ERROR_MESSAGE)
      // Browsers word network failures in English ('Failed to fetch', 'Load
      // failed'): the shopper gets our French sentence instead.
      throw new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE)
    }

    if (!response.ok) {
      const error = await errorFromResponse(response)
      if (response.status === 401 && !path.startsWith('/auth/')) {
        clearSession()
        onSessionExpired()
      }
      throw error
    }

    const body = await readBody(response)
    const parsed = body.ok ? safeParse(options.schema, body.value) : null
    if (!parsed?.success) {
      // Loud on purpose: this is a contract bug between server and client.
      console.error(
        `[api] ${method} ${path}: unexpected response`,
        parsed ? prettifyError(parsed.error) : 'body is not JSON',
      )
      throw new ApiError(response.status, 'invalid_response', INVALID_RESPONSE_MESSAGE)
    }
    return parsed.data
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', forwardAbort)
  }
}

// --- answers carried by the page ---------------------------------------------

/** The element in which the server puts the page's API answers, keyed by address. */
export const ANSWERS_ELEMENT_ID = 'api-answers'

let carried: { element: Element; answers: Map<string, unknown> } | undefined

/** The page's answer to a GET of `url`, taken once (a later request asks the server). */
function takeCarriedAnswer(url: string): unknown {
  const element = document.getElementById(ANSWERS_ELEMENT_ID)
  if (!element) return undefined
  if (carried?.element !== element) carried = { element, answers: readAnswers(element.textContent) }
  const key = sortedParams(url)
  const answer = carried.answers.get(key)
  carried.answers.delete(key)
  return answer
}

function readAnswers(text: string | null): Map<string, unknown> {
  try {
    const value: unknown = JSON.parse(text ?? '')
    return new Map(value !== null && typeof value === 'object' ? Object.entries(value) : [])
  } catch {
    return new Map()
  }
}

/** The server writes an address's parameters sorted by name; `buildUrl` in the caller's order. */
function sortedParams(url: string): string {
  const [path, search = ''] = url.split('?')
  const params = new URLSearchParams(search)
  params.sort()
  const sorted = params.toString()
  return sorted ? `${path}?${sorted}` : path!
}

/**
 * The page's answer to a GET of `path` (with `query`) through `schema`, taken once; `undefined`
 * when the page carries none, or one the schema refuses (left for the server to give again).
 */
function carriedAnswer<S extends $ZodType>(path: string, schema: S, query?: RequestOptions<S>['query']): output<S> | undefined {
  const answer = takeCarriedAnswer(buildUrl(path, query))
  if (answer === undefined) return undefined
  const parsed = safeParse(schema, answer)
  return parsed.success ? parsed.data : undefined
}

export async function apiRequest<S extends $ZodType>(path: string, options: RequestOptions<S>): Promise<output<S>> {
  const method = options.method ?? 'GET'
  const carried = method === 'GET' ? carriedAnswer(path, options.schema, options.query) : undefined
  if (carried !== undefined) return carried
  const retries = options.retry ?? IDEMPOTENT.has(method)
  return retry(() => attempt(path, options, method), {
    attempts: retries ? MAX_ATTEMPTS : 1,
    // 1 s, then 2 s.
    delayMs: (n) => RETRY_BASE_DELAY_MS * 2 ** (n - 1),
    retryIf: isRetryable,
    signal: options.signal,
  })
}

type Options<S extends $ZodType> = Omit<RequestOptions<S>, 'schema' | 'method' | 'body'>

export const api = {
  get: <S extends $ZodType>(path: string, schema: S, options?: Options<S>) =>
    apiRequest(path, { ...options, schema, method: 'GET' }),
  /**
   * At once, the answer the page carries for a GET (the first only), for a query's `initialData`:
   * React's first render shows it rather than a skeleton for a tick.
   */
  carried: <S extends $ZodType>(path: string, schema: S, query?: Options<S>['query']) => carriedAnswer(path, schema, query),
  post: <S extends $ZodType>(path: string, body: unknown, schema: S, options?: Options<S>) =>
    apiRequest(path, { ...options, schema, body, method: 'POST' }),
  put: <S extends $ZodType>(path: string, body: unknown, schema: S, options?: Options<S>) =>
    apiRequest(path, { ...options, schema, body, method: 'PUT' }),
  patch: <S extends $ZodType>(path: string, body: unknown, schema: S, options?: Options<S>) =>
    apiRequest(path, { ...options, schema, body, method: 'PATCH' }),
  delete: <S extends $ZodType>(path: string, schema: S, options?: Options<S>) =>
    apiRequest(path, { ...options, schema, method: 'DELETE' }),
}

/**
 * A file the server hands out (a CSV export), as a Blob: the same token, time
 * limit and error envelope as every call, no schema (the body is not JSON).
 */
export async function downloadFile(path: string, query?: Record<string, QueryValue>): Promise<Blob> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS * 2)
  const headers: Record<string, string> = {}
  const token = readToken()
  if (token) headers.Authorization = `Bearer ${token}`
  try {
    let response: Response
    try {
      response = await fetch(buildUrl(path, query), { headers, signal: controller.signal })
    } catch {
      throw new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE)
    }
    if (!response.ok) throw await errorFromResponse(response)
    return await response.blob()
  } finally {
    clearTimeout(timer)
  }
}

/** Message to show a shopper for any thrown value. */
export function errorMessage(error: unknown, fallback = GENERIC_ERROR_MESSAGE): string {
  if (isApiError(error)) return error.message
  return fallback
}
