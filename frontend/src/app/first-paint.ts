// The server paints the first view of `/`, `/products` and a product page inside `#root` (see
// crates/api/src/pages.rs): the header and the largest pictures, marked fetchpriority="high".
// React's first render replaces that markup. When it comes before those pictures are on screen,
// the shopper sees them only once React has fetched its data and drawn its own: on a slow phone
// that is a second later, and it is what the browser records as the page's largest paint.

/** How long React waits, at most, for the painted pictures: a slow picture never holds the app. */
export const FIRST_PAINT_MAX_WAIT_MS = 800

/**
 * Resolves once the server-painted pictures in `root` have loaded (or failed) and a frame showing
 * them has been drawn, or after `maxWaitMs`, whichever comes first; at once when there are none.
 */
export function firstPaintShown(root: ParentNode, maxWaitMs = FIRST_PAINT_MAX_WAIT_MS): Promise<void> {
  const pictures = Array.from(root.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]'))
  if (pictures.length === 0) return Promise.resolve()
  const shown = Promise.all(pictures.map(settled)).then(nextFrameDrawn)
  return Promise.race([shown, new Promise<void>((resolve) => setTimeout(resolve, maxWaitMs))])
}

function settled(picture: HTMLImageElement): Promise<void> {
  if (picture.complete) return Promise.resolve()
  return new Promise((resolve) => {
    picture.addEventListener('load', () => resolve(), { once: true })
    picture.addEventListener('error', () => resolve(), { once: true })
  })
}

// A callback of the next frame runs before that frame is drawn; the one after runs once it has been.
function nextFrameDrawn(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())))
}
