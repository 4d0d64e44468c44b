import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import boot from './after-first-paint.js?raw'

/** A painted picture, and what its `decode()` will come to: shown, broken, or still loading. */
interface Painted {
  img: HTMLImageElement
  decoded: () => void
  broken: () => void
}

/**
 * A page as the server sends it: the route's chunks named by inert links, #root holding the
 * painted pictures (each still loading unless `decoded`), the boot script's element last.
 */
function page(...pictures: { priority: boolean; decoded?: boolean }[]): Painted[] {
  document.head.innerHTML =
    '<link data-after-paint="modulepreload" crossorigin href="/assets/product-p1.js">' +
    '<link data-after-paint="preload" as="style" crossorigin href="/assets/product-p1.css">'
  document.body.innerHTML =
    '<div id="root"></div><script id="after-first-paint" data-entry="/assets/index-e1.js"></script>'
  const root = document.getElementById('root')!
  const painted = pictures.map(({ priority, decoded = false }) => {
    const img = document.createElement('img')
    img.src = '/uploads/products/abc/800.webp'
    if (priority) img.setAttribute('fetchpriority', 'high')
    let settle = { decoded: () => {}, broken: () => {} }
    const decoding = new Promise<void>((resolve, reject) => {
      settle = { decoded: resolve, broken: () => reject(new DOMException('broken', 'EncodingError')) }
    })
    if (decoded) settle.decoded()
    img.decode = () => decoding
    root.append(img)
    return { img, ...settle }
  })
  new Function(boot)()
  return painted
}

/** What the page has asked the browser to fetch: the entry script and the links given a `rel`. */
function requested() {
  const entries = Array.from(document.head.querySelectorAll('script[type="module"]'), (s) => s.getAttribute('src'))
  const links = Array.from(document.head.querySelectorAll('link[rel]'), (l) => `${l.getAttribute('rel')} ${l.getAttribute('href')}`)
  return { entries, links }
}

const nothing = { entries: [], links: [] }
const everything = {
  entries: ['/assets/index-e1.js'],
  links: ['modulepreload /assets/product-p1.js', 'preload /assets/product-p1.css'],
}

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] }))
afterEach(() => vi.useRealTimers())

describe('after-first-paint (the boot inlined in index.html)', () => {
  it('fetches the scripts at once on a page with no painted picture', () => {
    page({ priority: false })
    expect(requested()).toEqual(everything)
  })

  it('waits for a loading picture to be decoded, then for a frame drawn with it', async () => {
    const [loading] = page({ priority: true }, { priority: true, decoded: true })
    await vi.advanceTimersByTimeAsync(500)
    expect(requested()).toEqual(nothing)

    loading!.decoded()
    // Decoded is not enough: the picture is on screen once the next frame is drawn.
    await vi.advanceTimersByTimeAsync(0)
    expect(requested()).toEqual(nothing)
    await vi.advanceTimersByTimeAsync(40)
    expect(requested()).toEqual(everything)
  })

  it('counts a picture that failed to load as settled', async () => {
    const [broken] = page({ priority: true })
    broken!.broken()
    await vi.advanceTimersByTimeAsync(40)
    expect(requested()).toEqual(everything)
  })

  it('gives up after the longest wait when a picture never arrives, and fetches the scripts once', async () => {
    const [slow] = page({ priority: true })
    await vi.advanceTimersByTimeAsync(799)
    expect(requested()).toEqual(nothing)
    await vi.advanceTimersByTimeAsync(1)
    expect(requested()).toEqual(everything)

    slow!.decoded()
    await vi.advanceTimersByTimeAsync(40)
    expect(requested()).toEqual(everything)
  })
})
