import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { int, object, string } from 'zod/mini'
import {
  ANSWERS_ELEMENT_ID,
  ApiError,
  api,
  apiRequest,
  buildUrl,
  dataOf,
  downloadFile,
  GENERIC_ERROR_MESSAGE,
  INVALID_RESPONSE_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  REQUEST_TIMEOUT_MS,
  setSessionExpiredHandler,
  TIMEOUT_ERROR_MESSAGE,
} from './api-client'
import { settle } from '@/testing/settle'

const itemSchema = dataOf(object({ id: int(), name: string() }))

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

/** A fetch that answers each call with the next response (or error). */
function mockFetch(...answers: (Response | Error | 'hang')[]) {
  const fetchMock = vi.fn((_url: string, init?: RequestInit) => {
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!
    if (answer === 'hang') {
      // Never answers; only the abort signal ends it, like a dead connection.
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
      })
    }
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer.clone())
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

beforeEach(() => {
  vi.useFakeTimers()
  setSessionExpiredHandler(vi.fn())
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('api client: requests', () => {
  it('calls /api + path, parses the answer with the schema and returns it', async () => {
    const fetchMock = mockFetch(json({ data: { id: 1, name: 'T-shirt' } }))
    await expect(api.get('/products/1', itemSchema)).resolves.toEqual({ data: { id: 1, name: 'T-shirt' } })
    expect(fetchMock).toHaveBeenCalledWith('/api/products/1', expect.objectContaining({ method: 'GET' }))
  })

  it('sends the bearer token from localStorage and JSON bodies', async () => {
    localStorage.setItem('token', 'abc123')
    const fetchMock = mockFetch(json({ data: { id: 1, name: 'x' } }))
    await api.post('/cart/add', { productId: 'p1', quantity: 2 }, itemSchema)
    const init = fetchMock.mock.calls[0]![1]!
    const headers = init.headers as Record<string, string>
    expect(headers.Authorization).toBe('Bearer abc123')
    expect(headers['Content-Type']).toBe('application/json')
    expect(init.body).toBe(JSON.stringify({ productId: 'p1', quantity: 2 }))
  })

  it("sends the caller's extra headers, the same on every retried attempt", async () => {
    const fetchMock = mockFetch(json({ code: 'x' }, 503), json({ data: { id: 1, name: 'x' } }))
    const outcome = settle(api.post('/orders', {}, itemSchema, { headers: { 'Idempotency-Key': 'k-1' }, retry: true }))
    await vi.runAllTimersAsync()
    expect(outcome.value).toEqual({ data: { id: 1, name: 'x' } })
    const keys = fetchMock.mock.calls.map((call) => (call[1]!.headers as Record<string, string>)['Idempotency-Key'])
    expect(keys).toEqual(['k-1', 'k-1'])
  })

  it('sends no Authorization header without a token', async () => {
    const fetchMock = mockFetch(json({ data: { id: 1, name: 'x' } }))
    await api.get('/products/1', itemSchema)
    expect((fetchMock.mock.calls[0]![1]!.headers as Record<string, string>).Authorization).toBeUndefined()
  })

  it('mirrors query values, joining lists with commas and dropping empty ones', () => {
    expect(
      buildUrl('/products', { page: 2, colors: ['noir', 'blanc'], sizes: [], search: '', featured: true, sort: undefined }),
    ).toBe('/api/products?page=2&colors=noir%2Cblanc&featured=true')
  })
})

describe('api client: files', () => {
  it('downloads a file with the token and its query, and reads a refusal as the envelope', async () => {
    localStorage.setItem('token', 'abc')
    const fetchMock = mockFetch(
      new Response('row,date\r\nday,2026-11-26\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
      json({ code: 'invalid_query', message: 'La période ne peut pas dépasser 92 jours.' }, 400),
    )
    const blob = await downloadFile('/admin/reports/payments.csv', { from: '2026-11-01', to: '2026-11-26' })
    expect(await blob.text()).toBe('row,date\r\nday,2026-11-26\r\n')
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe('/api/admin/reports/payments.csv?from=2026-11-01&to=2026-11-26')
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer abc')
    const refused = await downloadFile('/admin/reports/payments.csv').catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(ApiError)
    expect((refused as ApiError).message).toBe('La période ne peut pas dépasser 92 jours.')
    expect((refused as ApiError).status).toBe(400)
  })
})

describe('api client: errors', () => {
  it("carries the server's French message, code and field messages", async () => {
    mockFetch(
      json(
        { code: 'insufficient_stock', message: 'Stock insuffisant. Seulement 2 disponible(s).', fields: { quantity: 'Trop élevé' } },
        409,
      ),
    )
    const error = (await api.post('/cart/add', {}, itemSchema).catch((e) => e)) as ApiError
    expect(error).toBeInstanceOf(ApiError)
    expect(error.status).toBe(409)
    expect(error.code).toBe('insufficient_stock')
    expect(error.message).toBe('Stock insuffisant. Seulement 2 disponible(s).')
    expect(error.fields).toEqual({ quantity: 'Trop élevé' })
  })

  it('keeps how long a 429 asks to wait (Retry-After, in seconds), and nothing when it does not say', async () => {
    const limited = (retryAfter?: string) =>
      new Response(JSON.stringify({ code: 'too_many_requests', message: 'Trop de requêtes' }), {
        status: 429,
        headers: retryAfter === undefined ? {} : { 'Retry-After': retryAfter },
      })
    mockFetch(limited('7'), limited(), limited('demain'))
    const first = (await api.get('/payments', itemSchema).catch((e) => e)) as ApiError
    expect([first.status, first.retryAfterMs]).toEqual([429, 7_000])
    const second = (await api.get('/payments', itemSchema).catch((e) => e)) as ApiError
    expect(second.retryAfterMs).toBeNull()
    const third = (await api.get('/payments', itemSchema).catch((e) => e)) as ApiError
    expect(third.retryAfterMs).toBeNull()
  })

  it("falls back to 'Une erreur s'est produite' when the error body has no message", async () => {
    mockFetch(new Response('<html>Bad gateway</html>', { status: 400 }))
    const error = (await api.get('/products', itemSchema).catch((e) => e)) as ApiError
    expect(error.status).toBe(400)
    expect(error.message).toBe(GENERIC_ERROR_MESSAGE)
  })

  it('turns a response that does not match the schema into a loud invalid_response error, not retried', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const fetchMock = mockFetch(json({ data: { id: '1', name: 'T-shirt' } }))
    const error = (await api.get('/products/1', itemSchema).catch((e) => e)) as ApiError
    expect(error.code).toBe('invalid_response')
    expect(error.message).toBe(INVALID_RESPONSE_MESSAGE)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(consoleError).toHaveBeenCalled()
  })
})

describe('api client: timeout and retries', () => {
  it('gives up after 15 s with a timeout error (POST: one attempt)', async () => {
    const fetchMock = mockFetch('hang')
    const outcome = settle(api.post('/orders', {}, itemSchema))
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1)
    expect(outcome.done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(outcome.error).toBeInstanceOf(ApiError)
    expect((outcome.error as ApiError).code).toBe('timeout')
    expect((outcome.error as ApiError).message).toBe(TIMEOUT_ERROR_MESSAGE)
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('retries a GET that timed out, 3 attempts in all', async () => {
    const fetchMock = mockFetch('hang')
    const outcome = settle(api.get('/products', itemSchema))
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS + 1000 + REQUEST_TIMEOUT_MS + 2000 + REQUEST_TIMEOUT_MS)
    expect(fetchMock).toHaveBeenCalledTimes(3)
    expect((outcome.error as ApiError).code).toBe('timeout')
  })

  it('retries a GET after a 5xx, waiting 1 s then 2 s', async () => {
    const fetchMock = mockFetch(json({}, 503), json({}, 502), json({ data: { id: 1, name: 'ok' } }))
    const outcome = settle(api.get('/products/1', itemSchema))
    await vi.advanceTimersByTimeAsync(0)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(999)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(fetchMock).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1999)
    expect(fetchMock).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(fetchMock).toHaveBeenCalledTimes(3)
    expect(outcome.value).toEqual({ data: { id: 1, name: 'ok' } })
  })

  it('retries network failures and then reports them in French', async () => {
    const fetchMock = mockFetch(new TypeError('Failed to fetch'))
    const outcome = settle(api.get('/products', itemSchema))
    await vi.advanceTimersByTimeAsync(3000)
    expect(fetchMock).toHaveBeenCalledTimes(3)
    expect((outcome.error as ApiError).code).toBe('network_error')
    expect((outcome.error as ApiError).message).toBe(NETWORK_ERROR_MESSAGE)
  })

  it.each([400, 401, 403, 404, 409, 413, 415, 422, 429])('never retries a %i', async (status) => {
    const fetchMock = mockFetch(json({ code: 'x', message: 'Non' }, status))
    const outcome = settle(api.get('/auth/me', itemSchema))
    await vi.advanceTimersByTimeAsync(5000)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect((outcome.error as ApiError).status).toBe(status)
  })

  it('does not retry a POST unless the caller opts in', async () => {
    const fetchMock = mockFetch(json({}, 503))
    const outcome = settle(api.post('/orders', {}, itemSchema))
    await vi.advanceTimersByTimeAsync(5000)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect((outcome.error as ApiError).status).toBe(503)

    fetchMock.mockClear()
    const optedIn = settle(apiRequest('/newsletter', { method: 'POST', body: {}, schema: itemSchema, retry: true }))
    await vi.advanceTimersByTimeAsync(5000)
    expect(fetchMock).toHaveBeenCalledTimes(3)
    expect(optedIn.done).toBe(true)
  })

  it("stops at once when the caller aborts, without retrying", async () => {
    const fetchMock = mockFetch('hang')
    const controller = new AbortController()
    const outcome = settle(api.get('/products', itemSchema, { signal: controller.signal }))
    await vi.advanceTimersByTimeAsync(10)
    controller.abort()
    await vi.advanceTimersByTimeAsync(5000)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect((outcome.error as Error).name).toBe('AbortError')
  })
})

describe('api client: 401', () => {
  it('outside /auth/: drops token and user and sends to /login?session=expired', async () => {
    const onExpired = vi.fn()
    setSessionExpiredHandler(onExpired)
    localStorage.setItem('token', 't')
    localStorage.setItem('user', '{}')
    mockFetch(json({ code: 'unauthorized', message: 'Session expirée' }, 401))
    const error = (await api.get('/orders', itemSchema).catch((e) => e)) as ApiError
    expect(error.status).toBe(401)
    expect(localStorage.getItem('token')).toBeNull()
    expect(localStorage.getItem('user')).toBeNull()
    expect(onExpired).toHaveBeenCalledTimes(1)
  })

  it('on /auth/ paths: leaves the session alone (a wrong password is not an expiry)', async () => {
    const onExpired = vi.fn()
    setSessionExpiredHandler(onExpired)
    localStorage.setItem('token', 't')
    mockFetch(json({ code: 'invalid_credentials', message: 'Email ou mot de passe incorrect' }, 401))
    const error = (await api.post('/auth/login', {}, itemSchema).catch((e) => e)) as ApiError
    expect(error.message).toBe('Email ou mot de passe incorrect')
    expect(localStorage.getItem('token')).toBe('t')
    expect(onExpired).not.toHaveBeenCalled()
  })
})

describe('api client: answers carried by the page', () => {
  function carry(answers: unknown) {
    const element = document.createElement('script')
    element.type = 'application/json'
    element.id = ANSWERS_ELEMENT_ID
    element.textContent = JSON.stringify(answers)
    document.body.append(element)
    return element
  }
  afterEach(() => document.getElementById(ANSWERS_ELEMENT_ID)?.remove())

  it('answers the first GET of an address from the page, whatever its parameters’ order, then asks the server', async () => {
    carry({ '/api/products?limit=12&page=1': { data: { id: 1, name: 'Depuis la page' } } })
    const fetchMock = mockFetch(json({ data: { id: 1, name: 'Du serveur' } }))

    const first = await api.get('/products', itemSchema, { query: { page: 1, limit: 12 } })
    expect(first.data.name).toBe('Depuis la page')
    expect(fetchMock).not.toHaveBeenCalled()

    const second = await api.get('/products', itemSchema, { query: { page: 1, limit: 12 } })
    expect(second.data.name).toBe('Du serveur')
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('asks the server for other addresses, other methods, and an answer the schema refuses', async () => {
    carry({
      '/api/products/chaine': { data: { id: 'not a number' } },
      '/api/cart': { data: { id: 2, name: 'Panier' } },
    })
    const fetchMock = mockFetch(json({ data: { id: 3, name: 'Du serveur' } }))

    expect((await api.get('/products/chaine', itemSchema)).data.name).toBe('Du serveur')
    expect((await api.get('/products', itemSchema, { query: { page: 2 } })).data.name).toBe('Du serveur')
    expect((await api.post('/cart', {}, itemSchema)).data.name).toBe('Du serveur')
    expect(fetchMock).toHaveBeenCalledTimes(3)
  })

  it("gives a query the page's answer at once, once, through the schema", async () => {
    carry({
      '/api/products?limit=12&page=1': { data: { id: 1, name: 'Depuis la page' } },
      '/api/products/chaine': { data: { id: 'not a number' } },
    })
    const fetchMock = mockFetch(json({ data: { id: 3, name: 'Du serveur' } }))
    expect(api.carried('/products', itemSchema, { page: 1, limit: 12 })?.data.name).toBe('Depuis la page')
    expect(api.carried('/products', itemSchema, { page: 1, limit: 12 })).toBeUndefined()
    expect(api.carried('/products/chaine', itemSchema)).toBeUndefined()
    expect(api.carried('/cart', itemSchema)).toBeUndefined()
    expect((await api.get('/products', itemSchema, { query: { page: 1, limit: 12 } })).data.name).toBe('Du serveur')
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('ignores a carried element that is not JSON', async () => {
    const element = carry({})
    element.textContent = '{not json'
    mockFetch(json({ data: { id: 4, name: 'Du serveur' } }))
    expect((await api.get('/products', itemSchema)).data.name).toBe('Du serveur')
  })
})
