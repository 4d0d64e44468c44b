import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { settle } from '@/testing/settle'
import { abortError, isAbortError, nap, retry, sleep } from './retry'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('sleep', () => {
  it('resolves once the time has passed, not before', async () => {
    const outcome = settle(sleep(1_000))
    await vi.advanceTimersByTimeAsync(999)
    expect(outcome.done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(outcome).toEqual({ value: undefined, done: true })
  })

  it('an abort ends the wait at once with an AbortError, and leaves no timer behind', async () => {
    const controller = new AbortController()
    const outcome = settle(sleep(10_000, controller.signal))
    await vi.advanceTimersByTimeAsync(100)
    controller.abort()
    await vi.advanceTimersByTimeAsync(0)
    expect(outcome.done).toBe(true)
    expect(isAbortError(outcome.error)).toBe(true)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('an aborted signal does not wait at all; the reason given to abort() is kept', async () => {
    const controller = new AbortController()
    const reason = new DOMException('Parti', 'AbortError')
    controller.abort(reason)
    await expect(sleep(1_000, controller.signal)).rejects.toBe(reason)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('a wait that ran out stops listening to the signal', async () => {
    const controller = new AbortController()
    const remove = vi.spyOn(controller.signal, 'removeEventListener')
    const outcome = settle(sleep(50, controller.signal))
    await vi.advanceTimersByTimeAsync(50)
    expect(outcome.done).toBe(true)
    expect(remove).toHaveBeenCalledWith('abort', expect.any(Function))
    controller.abort()
    await vi.advanceTimersByTimeAsync(0)
    expect(outcome.error).toBeUndefined()
  })
})

describe('nap', () => {
  it('says false when the time ran out, true when woken first', async () => {
    const slept = nap(1_000)
    const outcome = settle(slept.done)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(outcome.value).toBe(false)

    const woken = nap(1_000)
    const early = settle(woken.done)
    await vi.advanceTimersByTimeAsync(300)
    woken.wake()
    await vi.advanceTimersByTimeAsync(0)
    expect(early.value).toBe(true)
    expect(vi.getTimerCount()).toBe(0)
    // Waking it again changes nothing.
    woken.wake()
  })

  it('an abort rejects it with an AbortError, at once, even when the signal was aborted before', async () => {
    const controller = new AbortController()
    const wait = nap(1_000, controller.signal)
    const outcome = settle(wait.done)
    controller.abort()
    await vi.advanceTimersByTimeAsync(0)
    expect(isAbortError(outcome.error)).toBe(true)
    expect(vi.getTimerCount()).toBe(0)
    await expect(nap(1_000, controller.signal).done).rejects.toSatisfy(isAbortError)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('once over, woken or not, it stops listening to the signal', async () => {
    const controller = new AbortController()
    const remove = vi.spyOn(controller.signal, 'removeEventListener')
    const slept = settle(nap(100, controller.signal).done)
    await vi.advanceTimersByTimeAsync(100)
    const woken = nap(100, controller.signal)
    woken.wake()
    const early = settle(woken.done)
    await vi.advanceTimersByTimeAsync(0)
    expect([slept.value, early.value]).toEqual([false, true])
    expect(remove).toHaveBeenCalledTimes(2)
    controller.abort()
    await vi.advanceTimersByTimeAsync(0)
    expect([slept.error, early.error]).toEqual([undefined, undefined])
  })
})

describe('abortError / isAbortError', () => {
  it('is the signal’s reason, else a DOMException named AbortError', () => {
    const controller = new AbortController()
    controller.abort()
    expect(isAbortError(abortError(controller.signal))).toBe(true)
    const other = new AbortController()
    other.abort('custom')
    expect(abortError(other.signal)).toBe('custom')
    expect(isAbortError(new Error('AbortError'))).toBe(false)
  })
})

describe('retry', () => {
  it('tries again after each failure, waiting delayMs(attempt), and returns the first success', async () => {
    const at: number[] = []
    const start = Date.now()
    const run = vi.fn(async (attempt: number) => {
      at.push(Date.now() - start)
      if (attempt < 3) throw new Error(`raté ${attempt}`)
      return 'ok'
    })
    const outcome = settle(retry(run, { attempts: 3, delayMs: (n) => 1_000 * 2 ** (n - 1) }))
    await vi.advanceTimersByTimeAsync(3_000)
    expect(outcome.value).toBe('ok')
    expect(at).toEqual([0, 1_000, 3_000])
    expect(run.mock.calls.map(([attempt]) => attempt)).toEqual([1, 2, 3])
  })

  it('throws the last failure after `attempts` tries', async () => {
    const run = vi.fn(async (attempt: number) => {
      throw new Error(`raté ${attempt}`)
    })
    const outcome = settle(retry(run, { attempts: 2, delayMs: () => 500 }))
    await vi.advanceTimersByTimeAsync(500)
    expect((outcome.error as Error).message).toBe('raté 2')
    expect(run).toHaveBeenCalledTimes(2)
  })

  it('throws at once what retryIf refuses', async () => {
    const final = new Error('définitif')
    const run = vi.fn(async () => {
      throw final
    })
    await expect(retry(run, { attempts: 3, delayMs: () => 500, retryIf: (error) => error !== final })).rejects.toBe(final)
    expect(run).toHaveBeenCalledTimes(1)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('an abort during a wait stops the tries with an AbortError', async () => {
    const controller = new AbortController()
    const run = vi.fn(async () => {
      throw new Error('raté')
    })
    const outcome = settle(retry(run, { attempts: 3, delayMs: () => 2_000, signal: controller.signal }))
    await vi.advanceTimersByTimeAsync(1_000)
    controller.abort()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(isAbortError(outcome.error)).toBe(true)
    expect(run).toHaveBeenCalledTimes(1)
  })
})
