import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import keeper from './painted-taps.js?raw'
import { replayPaintedTap } from './replay-tap'

/** A page as the server paints it (header controls and a card), with the tap keeper run once. */
function paintedPage() {
  document.body.innerHTML =
    '<div id="root"><div class="first-paint-bar">' +
    '<a href="/products" aria-label="Ouvrir le menu" data-tap="menu"><svg><path d="M1 1h9" /></svg></a>' +
    '<a href="/cart" aria-label="Panier" data-tap="cart">Panier</a></div>' +
    '<a href="/product/tee-teranga">Tee Teranga</a></div>'
  new Function(keeper)()
}

/**
 * Clicks `element` as a tap or a modified click would: whether the page let the link be followed
 * (the test stops it there: jsdom does not navigate).
 */
function tap(element: Element, init: MouseEventInit = {}) {
  let followed = false
  const last = (event: Event) => {
    followed = !event.defaultPrevented
    event.preventDefault()
  }
  window.addEventListener('click', last, { once: true })
  element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }))
  return followed
}

const address = (path: string) => new URL(path, window.location.href).href

const link = (label: string) => document.querySelector(`[aria-label="${label}"]`)!

beforeEach(() => {
  window.__paintedTap = null
})
afterEach(() => {
  document.body.innerHTML = ''
  window.__paintedTap = null
})

describe('the painted view keeps a tap on its header for React (painted-taps.js)', () => {
  it('keeps the header control tapped, even on its icon, instead of following its link', () => {
    paintedPage()
    expect(tap(link('Ouvrir le menu').querySelector('path')!)).toBe(false)
    expect(window.__paintedTap).toEqual({ tap: 'menu', href: address('/products') })
    expect(tap(link('Panier'))).toBe(false)
    expect(window.__paintedTap).toEqual({ tap: 'cart', href: address('/cart') })
  })

  it("follows a card's link, and any link opened in a new tab or window", () => {
    paintedPage()
    expect(tap(document.querySelector('a[href="/product/tee-teranga"]')!)).toBe(true)
    expect(tap(link('Panier'), { ctrlKey: true })).toBe(true)
    expect(tap(link('Panier'), { button: 1 })).toBe(true)
    expect(window.__paintedTap).toBeNull()
  })
})

describe('React replays the kept tap (replay-tap.ts)', () => {
  it("clicks React's own control of the same name, once", () => {
    paintedPage()
    tap(link('Panier'))
    // React's header has replaced the painted one.
    document.body.innerHTML = '<button data-tap-target="menu">Menu</button><a href="/cart" data-tap-target="cart">Panier</a>'
    const cart = vi.fn((event: Event) => event.preventDefault())
    document.querySelector('[data-tap-target="cart"]')!.addEventListener('click', cart)
    const follow = vi.fn()
    replayPaintedTap(follow)
    replayPaintedTap(follow)
    expect(cart).toHaveBeenCalledTimes(1)
    expect(follow).not.toHaveBeenCalled()
    expect(window.__paintedTap).toBeNull()
  })

  it('follows the painted link when React shows no such control yet', () => {
    paintedPage()
    tap(link('Ouvrir le menu'))
    document.body.innerHTML = '<a href="/cart" data-tap-target="cart">Panier</a>'
    const follow = vi.fn()
    replayPaintedTap(follow)
    expect(follow).toHaveBeenCalledWith(address('/products'))
  })

  it('does nothing when nothing was tapped', () => {
    document.body.innerHTML = '<a href="/cart" data-tap-target="cart">Panier</a>'
    const cart = vi.fn()
    document.querySelector('a')!.addEventListener('click', cart)
    const follow = vi.fn()
    replayPaintedTap(follow)
    expect(cart).not.toHaveBeenCalled()
    expect(follow).not.toHaveBeenCalled()
  })
})
