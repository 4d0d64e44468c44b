// Instagram, Facebook (and Messenger) and TikTok open links in their own
// browser, which cannot hand Wave's payment link to the Wave app and loses
// the page when the shopper switches apps. The shopper is asked to open the
// link in their real browser instead.

export type InAppBrowser = 'Instagram' | 'Facebook' | 'TikTok'

const SIGNATURES: [InAppBrowser, RegExp][] = [
  // Instagram's user agent also carries FBAN on iOS: test it first.
  ['Instagram', /\bInstagram\b/i],
  ['Facebook', /\bFBAN\/|\bFBAV\/|\bFB_IAB\/|\bFBIOS\b|\bMessenger(?:ForiOS|LiteForiOS)?\b|\[FB/],
  ['TikTok', /\bTikTok\b|\bmusical_ly\b|\bBytedanceWebview\b|\bByteLocale\b/i],
]

/** Which in-app browser this user agent is, if any. */
export function inAppBrowser(userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): InAppBrowser | null {
  for (const [name, pattern] of SIGNATURES) if (pattern.test(userAgent)) return name
  return null
}
