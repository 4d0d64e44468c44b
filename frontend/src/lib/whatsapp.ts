// WhatsApp links with a prefilled message: the app scheme on
// phones with the web fallback after 2 s, WhatsApp Web in a new tab on
// computers. Used by /forgot-password, /contact and the order pages.
import { shop } from './shop'

/** The web fallback opens 2 s after the app scheme was tried. */
export const WEB_FALLBACK_DELAY_MS = 2_000

export interface WhatsAppLinks {
  /** The installed app (phones). */
  app: string
  /** wa.me: opens the app on phones, a page offering WhatsApp Web elsewhere. */
  web: string
  /** WhatsApp Web (computers). */
  desktop: string
}

/** Digits only: wa.me and the app want `221770000000`, not `+221 77 000 00 00`. */
function digits(phone: string): string {
  return phone.replace(/\D/g, '')
}

/** Senegal's country code: a local number (9 digits, `77 123 45 67`) is written with it for WhatsApp. */
export const LOCAL_COUNTRY_CODE = '221'

/**
 * A phone number as typed by a customer, in the international form wa.me
 * wants: `77 123 45 67` → `221771234567`, `+33 6 12…` and `0033 6 12…` →
 * `33612…`. Null when there are too few digits to be a number.
 */
export function toWhatsAppNumber(phone: string): string | null {
  const trimmed = phone.trim()
  let number = digits(trimmed)
  if (trimmed.startsWith('00')) number = number.slice(2)
  else if (!trimmed.startsWith('+') && number.length === 9) number = `${LOCAL_COUNTRY_CODE}${number}`
  return number.length >= 8 && number.length <= 15 ? number : null
}

export function whatsAppLinks(text: string, phone: string = shop.whatsapp): WhatsAppLinks {
  const number = digits(phone)
  const message = encodeURIComponent(text)
  return {
    app: `whatsapp://send?phone=${number}&text=${message}`,
    web: `https://wa.me/${number}?text=${message}`,
    desktop: `https://web.whatsapp.com/send?phone=${number}&text=${message}`,
  }
}

/** A plain link (wa.me) for an `<a href>`, with or without a prefilled message. */
export function whatsAppUrl(text?: string, phone: string = shop.whatsapp): string {
  return text ? whatsAppLinks(text, phone).web : `https://wa.me/${digits(phone)}`
}

/** Phones and tablets, where the app is the way to WhatsApp (iPadOS says "Macintosh" but has touch). */
export function isMobileDevice(
  userAgent: string = navigator.userAgent,
  maxTouchPoints: number = navigator.maxTouchPoints ?? 0,
): boolean {
  return /Android|iPhone|iPad|iPod|Mobi|Opera Mini|IEMobile|BlackBerry/i.test(userAgent) ||
    (/Macintosh/.test(userAgent) && maxTouchPoints > 1)
}

/** How a page leaves for WhatsApp; replaced in tests. */
export interface Opener {
  /** Replaces the current page (app scheme, then the wa.me fallback). */
  navigate: (url: string) => void
  /** A new tab; false when the browser blocked it. */
  openTab: (url: string) => boolean
}

export const browserOpener: Opener = {
  navigate(url) {
    window.location.href = url
  },
  openTab(url) {
    // A blank same-origin tab first, so that its link back to this page is cut
    // before WhatsApp loads in it; `noopener` would hide a blocked pop-up.
    const tab = window.open('', '_blank')
    if (!tab) return false
    tab.opener = null
    tab.location.href = url
    return true
  },
}

export interface WhatsAppLaunch {
  mode: 'app' | 'web'
  /** Drops the pending web fallback (the shopper left the page). */
  cancel: () => void
}

export interface OpenWhatsAppOptions {
  mobile?: boolean
  phone?: string
  opener?: Opener
}

/**
 * Opens a chat with the shop, message prefilled. On a phone: the app scheme,
 * then wa.me after 2 s unless the page was hidden meanwhile (the app took
 * over). On a computer: WhatsApp Web in a new tab. Null when nothing could be
 * opened (pop-up blocked, navigation refused).
 */
export function openWhatsApp(text: string, options: OpenWhatsAppOptions = {}): WhatsAppLaunch | null {
  const { mobile = isMobileDevice(), phone = shop.whatsapp, opener = browserOpener } = options
  const links = whatsAppLinks(text, phone)
  try {
    if (!mobile) {
      return opener.openTab(links.desktop) ? { mode: 'web', cancel: () => {} } : null
    }
    let left = false
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') left = true
    }
    const onPageHide = () => {
      left = true
    }
    const stopWatching = () => {
      document.removeEventListener('visibilitychange', onVisibility)
      window.removeEventListener('pagehide', onPageHide)
    }
    document.addEventListener('visibilitychange', onVisibility)
    window.addEventListener('pagehide', onPageHide)
    const timer = setTimeout(() => {
      stopWatching()
      if (!left) opener.navigate(links.web)
    }, WEB_FALLBACK_DELAY_MS)
    const cancel = () => {
      clearTimeout(timer)
      stopWatching()
    }
    try {
      opener.navigate(links.app)
    } catch (error) {
      cancel()
      throw error
    }
    return { mode: 'app', cancel }
  } catch {
    return null
  }
}

/** The web version right away, in a new tab (the "Ouvrir dans le navigateur" button). False when blocked. */
export function openWhatsAppInBrowser(text: string, options: OpenWhatsAppOptions = {}): boolean {
  const { mobile = isMobileDevice(), phone = shop.whatsapp, opener = browserOpener } = options
  const links = whatsAppLinks(text, phone)
  try {
    return opener.openTab(mobile ? links.web : links.desktop)
  } catch {
    return false
  }
}
