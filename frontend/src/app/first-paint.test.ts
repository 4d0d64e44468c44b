import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { firstPaintShown } from './first-paint'

/** A root holding server-painted pictures, each still loading unless `complete`. */
function paintedRoot(...pictures: { priority: boolean; complete?: boolean }[]) {
  const root = document.createElement('div')
  const images = pictures.map(({ priority, complete = false }) => {
    const img = document.createElement('img')
    img.src = '/uploads/p.jpg'
    if (priority) img.setAttribute('fetchpriority', 'high')
    Object.defineProperty(img, 'complete', { value: complete })
    root.append(img)
    return img
  })
  return { root, images }
}

/** Whether the promise has settled after the timers and frames due within `ms`. */
async function settledWithin(promise: Promise<void>, ms: number) {
  let done = false
  void promise.then(() => (done = true))
  await vi.advanceTimersByTimeAsync(ms)
  return done
}

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] }))
afterEach(() => vi.useRealTimers())

describe('firstPaintShown', () => {
  it('does not wait when the server painted no picture', async () => {
    const { root } = paintedRoot({ priority: false })
    expect(await settledWithin(firstPaintShown(root, 800), 0)).toBe(true)
  })

  it('waits for a loading picture, then for a frame drawn with it', async () => {
    const { root, images } = paintedRoot({ priority: true }, { priority: true, complete: true })
    const shown = firstPaintShown(root, 800)
    expect(await settledWithin(shown, 500)).toBe(false)

    images[0]!.dispatchEvent(new Event('load'))
    // The load alone is not enough: the picture is on screen once the next frame is drawn.
    expect(await settledWithin(shown, 0)).toBe(false)
    expect(await settledWithin(shown, 40)).toBe(true)
  })

  it('counts a picture that failed to load as settled', async () => {
    const { root, images } = paintedRoot({ priority: true })
    const shown = firstPaintShown(root, 800)
    images[0]!.dispatchEvent(new Event('error'))
    expect(await settledWithin(shown, 40)).toBe(true)
  })

  it('gives up after the longest wait when a picture never arrives', async () => {
    const { root } = paintedRoot({ priority: true })
    const shown = firstPaintShown(root, 800)
    expect(await settledWithin(shown, 799)).toBe(false)
    expect(await settledWithin(shown, 1)).toBe(true)
  })
})
