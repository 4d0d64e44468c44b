// Inlined at the end of index.html's <body> by vite.config.ts (`paintedTaps`); the server allows
// it by its hash (crates/pages).
//
// The server paints the first view of `/`, `/products` and product pages inside #root, header
// included, while the scripts are still on their way: on a phone's slow line, seconds before React
// is there. The painted header's controls are real links (the menu and the search go to
// /products, the cart to /cart, the account to /account) and its cards link to their products:
// nothing tapped is lost, even with no script at all. A tap on one of the header's (`data-tap`) is
// kept instead of reloading a page over that line, and React replays it on its own control once
// on screen (app/replay-tap.ts): the menu, the search or the account menu opens, or the cart
// drawer. Should React not come (a script that failed), the link is followed after WAIT_MS.
;(() => {
  /** How long a kept tap waits for React before its link is followed. */
  const WAIT_MS = 8000
  document.addEventListener(
    'click',
    (event) => {
      const control = event.target instanceof Element ? event.target.closest('#root a[data-tap]') : null
      if (!control || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      event.preventDefault()
      const kept = { tap: control.getAttribute('data-tap'), href: control.href }
      window.__paintedTap = kept
      setTimeout(() => {
        if (window.__paintedTap === kept) window.location.assign(kept.href)
      }, WAIT_MS)
    },
    true,
  )
})()
