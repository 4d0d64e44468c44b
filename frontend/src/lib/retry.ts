// Waiting and trying again, written once: the API client's retries, the Wave
// payment's init retries, its verification and its polling all wait here, and
// an abort of the caller's signal ends any wait at once.

/** What an aborted wait rejects with: the signal's reason, else an AbortError. */
export function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError')
}

/** An AbortError, whichever realm made it (a signal's default reason, fetch, `abortError`). */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError'
}

/** Waits `ms`; an abort ends the wait at once with an AbortError. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal))
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    function onAbort() {
      clearTimeout(timer)
      reject(abortError(signal!))
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/** A wait that can be cut short: `wake()` ends it early. */
export interface Nap {
  /** True when woken, false when the time ran out; an abort of the signal rejects it with an AbortError. */
  done: Promise<boolean>
  wake: () => void
}

/**
 * Waits `ms`, unless woken first or aborted (then at once, with an AbortError).
 * Built on `sleep`: what only sleeps (the API client, in every first load)
 * does not carry the waking.
 */
export function nap(ms: number, signal?: AbortSignal): Nap {
  const alarm = new AbortController()
  const forward = () => alarm.abort(abortError(signal!))
  if (signal?.aborted) forward()
  else signal?.addEventListener('abort', forward, { once: true })
  const stopForwarding = () => signal?.removeEventListener('abort', forward)
  const done = sleep(ms, alarm.signal).then(
    () => {
      stopForwarding()
      return false
    },
    (error: unknown) => {
      stopForwarding()
      if (signal?.aborted) throw error
      return true
    },
  )
  return { done, wake: () => alarm.abort() }
}

export interface RetryOptions {
  /** How many tries at the most, the first included. */
  attempts: number
  /** The wait after failed try number `attempt` (from 1). */
  delayMs: (attempt: number) => number
  /** Whether a failure is worth another try; the others are thrown at once. Default: all. */
  retryIf?: (error: unknown) => boolean
  /** Ends a wait between tries at once, with an AbortError (`run` ends its own work with it). */
  signal?: AbortSignal
}

/**
 * `run(attempt)` (attempt from 1) until it succeeds, at most `attempts` times,
 * waiting `delayMs(attempt)` after each failure. The last failure, or one that
 * `retryIf` refuses, is thrown as it is.
 */
export async function retry<T>(run: (attempt: number) => Promise<T>, { attempts, delayMs, retryIf = () => true, signal }: RetryOptions): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run(attempt)
    } catch (error) {
      if (attempt >= attempts || !retryIf(error)) throw error
      await sleep(delayMs(attempt), signal)
    }
  }
}
