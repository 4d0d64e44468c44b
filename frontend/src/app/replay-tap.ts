// The other half of app/painted-taps.js: a tap on the painted header, kept until React was there.

declare global {
  interface Window {
    /** The painted control tapped before React (its `data-tap` and its link), until replayed. */
    __paintedTap?: { tap: string; href: string } | null
  }
}

/**
 * Replays, once, the tap kept by the painted header on React's own control of the same name
 * (`data-tap-target`): the shopper who tapped the menu, the search, the account or the cart while
 * the page was loading sees it open as soon as React can open it. A control React does not show
 * (the account's while the session is being checked) leaves the painted link to be followed.
 */
export function replayPaintedTap(follow = (href: string) => window.location.assign(href)) {
  const kept = window.__paintedTap
  if (!kept) return
  window.__paintedTap = null
  const control = document.querySelector<HTMLElement>(`[data-tap-target="${CSS.escape(kept.tap)}"]`)
  if (control) control.click()
  else follow(kept.href)
}
