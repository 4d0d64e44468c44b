// Product pictures in the width the screen needs.
//
// The server stores every uploaded or seeded picture as
// /uploads/<collection>/<dir>/{400,800,1200}.{jpg,webp} and gives the product
// the 800-px JPEG URL. From that one URL we derive the siblings: the WebPs
// (lossy, lighter) for the browsers that read them, the JPEGs for the others.
// Any other URL (the placeholder, an old absolute URL) is used as it is.

export const PLACEHOLDER_IMAGE = '/images/placeholder.jpg'

/** Widths written by the server for every picture, smallest first. */
export const IMAGE_WIDTHS = [400, 800, 1200] as const

const VARIANT_URL = /^(\/uploads\/[a-z0-9_-]+\/[a-z0-9]+\/)(?:400|800|1200)\.jpg$/

export interface ImageSources {
  src: string
  /** Absent when the URL is not one of the server's resized pictures. */
  srcSet?: string
  /** The same widths in WebP; present with `srcSet`. */
  webpSrcSet?: string
}

/**
 * `src` (the 800-px JPEG), `srcSet` (400w, 800w, 1200w JPEGs) and `webpSrcSet` (the same in WebP)
 * for a product picture URL.
 */
export function imageSources(url: string | null | undefined): ImageSources {
  const src = url?.trim() || PLACEHOLDER_IMAGE
  const match = VARIANT_URL.exec(src)
  if (!match) return { src }
  const base = match[1]!
  const srcSet = (ext: string) => IMAGE_WIDTHS.map((width) => `${base}${width}.${ext} ${width}w`).join(', ')
  return { src: `${base}800.jpg`, srcSet: srcSet('jpg'), webpSrcSet: srcSet('webp') }
}

/** The largest variant, for share previews (Open Graph wants ≥ 1200 px). */
export function largestImage(url: string | null | undefined): string {
  const src = url?.trim() || PLACEHOLDER_IMAGE
  const match = VARIANT_URL.exec(src)
  return match ? `${match[1]}1200.jpg` : src
}

/** The smallest variant (400 px), for thumbnails such as the admin's lists. */
export function smallestImage(url: string | null | undefined): string {
  const src = url?.trim() || PLACEHOLDER_IMAGE
  const match = VARIANT_URL.exec(src)
  return match ? `${match[1]}400.jpg` : src
}
