import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  isMobileDevice,
  openWhatsApp,
  openWhatsAppInBrowser,
  toWhatsAppNumber,
  WEB_FALLBACK_DELAY_MS,
  whatsAppLinks,
  whatsAppUrl,
  type Opener,
} from './whatsapp'

const TEXT = "Bonjour, j'ai oublié mon mot de passe : awa@example.sn & co"
const ENCODED = encodeURIComponent(TEXT)

function fakeOpener(tabOpens = true) {
  return {
    navigate: vi.fn<Opener['navigate']>(),
    openTab: vi.fn<Opener['openTab']>(() => tabOpens),
  }
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state })
  document.dispatchEvent(new Event('visibilitychange'))
}

afterEach(() => {
  // Back to jsdom's own getter.
  delete (document as { visibilityState?: unknown }).visibilityState
})

describe('whatsAppLinks', () => {
  it('builds the app, wa.me and WhatsApp Web links with the number in digits and the text encoded', () => {
    expect(whatsAppLinks(TEXT, '+221 77 123 45 67')).toEqual({
      app: `whatsapp://send?phone=221771234567&text=${ENCODED}`,
      web: `https://wa.me/221771234567?text=${ENCODED}`,
      desktop: `https://web.whatsapp.com/send?phone=221771234567&text=${ENCODED}`,
    })
  })

  it('gives a plain wa.me link without a message', () => {
    expect(whatsAppUrl(undefined, '221770000000')).toBe('https://wa.me/221770000000')
    expect(whatsAppUrl('Bonjour', '221770000000')).toBe('https://wa.me/221770000000?text=Bonjour')
  })
})

describe('isMobileDevice', () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 14; SM-A145F) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36', 0, true],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 5, true],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15', 5, true],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15', 0, false],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36', 0, false],
  ])('%s (%i touch points) → %s', (userAgent, touchPoints, expected) => {
    expect(isMobileDevice(userAgent, touchPoints)).toBe(expected)
  })
})

describe('openWhatsApp', () => {
  it('on a computer opens WhatsApp Web in a new tab, with no fallback', () => {
    vi.useFakeTimers()
    const opener = fakeOpener()
    const launch = openWhatsApp(TEXT, { mobile: false, phone: '221770000000', opener })
    expect(launch?.mode).toBe('web')
    expect(opener.openTab).toHaveBeenCalledWith(`https://web.whatsapp.com/send?phone=221770000000&text=${ENCODED}`)
    vi.advanceTimersByTime(10_000)
    expect(opener.navigate).not.toHaveBeenCalled()
  })

  it('on a computer answers null when the new tab is blocked', () => {
    expect(openWhatsApp(TEXT, { mobile: false, opener: fakeOpener(false) })).toBeNull()
  })

  it('on a phone tries the app, then opens wa.me after 2 s', () => {
    vi.useFakeTimers()
    const opener = fakeOpener()
    const launch = openWhatsApp(TEXT, { mobile: true, phone: '221770000000', opener })
    expect(launch?.mode).toBe('app')
    expect(opener.navigate).toHaveBeenCalledTimes(1)
    expect(opener.navigate).toHaveBeenLastCalledWith(`whatsapp://send?phone=221770000000&text=${ENCODED}`)
    vi.advanceTimersByTime(WEB_FALLBACK_DELAY_MS - 1)
    expect(opener.navigate).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(1)
    expect(opener.navigate).toHaveBeenCalledTimes(2)
    expect(opener.navigate).toHaveBeenLastCalledWith(`https://wa.me/221770000000?text=${ENCODED}`)
    expect(opener.openTab).not.toHaveBeenCalled()
  })

  it('on a phone skips the fallback when the app took over (page hidden)', () => {
    vi.useFakeTimers()
    const opener = fakeOpener()
    openWhatsApp(TEXT, { mobile: true, opener })
    setVisibility('hidden')
    vi.advanceTimersByTime(WEB_FALLBACK_DELAY_MS)
    expect(opener.navigate).toHaveBeenCalledTimes(1)
  })

  it('drops the fallback when cancelled (the shopper left the page)', () => {
    vi.useFakeTimers()
    const opener = fakeOpener()
    openWhatsApp(TEXT, { mobile: true, opener })?.cancel()
    vi.advanceTimersByTime(WEB_FALLBACK_DELAY_MS)
    expect(opener.navigate).toHaveBeenCalledTimes(1)
  })

  it('answers null when the browser refuses the app link', () => {
    vi.useFakeTimers()
    const opener = fakeOpener()
    opener.navigate.mockImplementation(() => {
      throw new Error('refused')
    })
    expect(openWhatsApp(TEXT, { mobile: true, opener })).toBeNull()
    vi.advanceTimersByTime(WEB_FALLBACK_DELAY_MS)
    expect(opener.navigate).toHaveBeenCalledTimes(1)
  })
})

describe('openWhatsAppInBrowser', () => {
  it('opens wa.me on a phone and WhatsApp Web on a computer, in a new tab', () => {
    const opener = fakeOpener()
    expect(openWhatsAppInBrowser('Bonjour', { mobile: true, phone: '221770000000', opener })).toBe(true)
    expect(openWhatsAppInBrowser('Bonjour', { mobile: false, phone: '221770000000', opener })).toBe(true)
    expect(opener.openTab.mock.calls).toEqual([
      ['https://wa.me/221770000000?text=Bonjour'],
      ['https://web.whatsapp.com/send?phone=221770000000&text=Bonjour'],
    ])
    expect(openWhatsAppInBrowser('Bonjour', { opener: fakeOpener(false) })).toBe(false)
  })
})

describe('toWhatsAppNumber', () => {
  it('writes a Senegalese local number with the country code', () => {
    expect(toWhatsAppNumber('77 123 45 67')).toBe('221771234567')
    expect(toWhatsAppNumber('33-820-00-00')).toBe('221338200000')
  })

  it('keeps an international number, written with + or 00', () => {
    expect(toWhatsAppNumber('+221 77 123 45 67')).toBe('221771234567')
    expect(toWhatsAppNumber('00221 77 123 45 67')).toBe('221771234567')
    expect(toWhatsAppNumber('+33 6 12 34 56 78')).toBe('33612345678')
  })

  it('refuses what cannot be a number', () => {
    expect(toWhatsAppNumber('')).toBeNull()
    expect(toWhatsAppNumber('12 34')).toBeNull()
    expect(toWhatsAppNumber('1234567890123456')).toBeNull()
  })
})
