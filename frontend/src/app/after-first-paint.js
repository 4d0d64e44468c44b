// The storefront's boot, inlined at the end of index.html's <body> by vite.config.ts
// (`afterFirstPaint`); the server allows it by its hash (crates/pages).
//
// The server paints the first view of `/`, `/products` and a product page inside #root (the
// header and the largest pictures, marked fetchpriority="high"). On a phone's slow line, every
// byte requested before those pictures shares the line with them: the entry script and the route
// chunks would delay the picture the shopper is waiting for (see docs/benchmarks.md).
// So the scripts are named in the page but inert (`data-after-paint` links, this element's
// `data-entry`), and requested only once the painted pictures are loaded and decoded (or have
// failed) and a frame showing them has been drawn, or after MAX_WAIT_MS, whichever comes first; at
// once on a page with no painted picture. React's first render then replaces a view already on
// screen.
;(() => {
  /** How long the scripts wait, at most, for the painted pictures: a slow picture never holds the app. */
  const MAX_WAIT_MS = 800
  const boot = document.getElementById('after-first-paint')
  let started = false

  const start = () => {
    if (started) return
    started = true
    // A link without `rel` is inert; giving it its `rel` starts its fetch.
    for (const link of document.querySelectorAll('link[data-after-paint]')) {
      link.rel = link.getAttribute('data-after-paint')
    }
    const entry = document.createElement('script')
    entry.type = 'module'
    entry.crossOrigin = ''
    entry.src = boot.getAttribute('data-entry')
    document.head.append(entry)
  }

  const pictures = Array.from(document.querySelectorAll('#root img[fetchpriority="high"]'))
  if (pictures.length === 0) return start()
  setTimeout(start, MAX_WAIT_MS)
  // `decode()` settles once the file is loaded and ready to paint (it fails for a broken one); a
  // browser without it waits for the longest wait.
  const decoded = (picture) => (picture.decode ? picture.decode().catch(() => {}) : new Promise(() => {}))
  // A callback of the next frame runs before that frame is drawn; the one after, once it has been.
  void Promise.all(pictures.map(decoded)).then(() => requestAnimationFrame(() => requestAnimationFrame(start)))
})()
