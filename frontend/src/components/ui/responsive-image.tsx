import type { ImgHTMLAttributes } from 'react'
import { imageSources, PLACEHOLDER_IMAGE } from '@/lib/image'

export interface ResponsiveImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'> {
  /** A product picture URL as the API gives it (the 800-px JPEG), or any other image URL. */
  src: string | null | undefined
  alt: string
  /** Rendered width of the image for each layout, e.g. `(min-width: 769px) 280px, 50vw`. */
  sizes: string
  /** Intrinsic ratio: the box is reserved before the file arrives, so nothing shifts. */
  width: number
  height: number
  /** The page's main image (LCP): loaded eagerly and first. */
  priority?: boolean
  /** Lazy unless said otherwise (pictures above the fold). */
  loading?: 'lazy' | 'eager'
}

/**
 * A picture served in the width the screen needs (`srcset`/`sizes`), in WebP where the browser reads
 * it (`<picture>`, laid out as the `<img>` alone: `display: contents`), lazy unless it is the page's
 * main image, with a placeholder when the file is missing.
 */
export function ResponsiveImage({ src, alt, sizes, width, height, priority = false, loading = 'lazy', onError, ...rest }: ResponsiveImageProps) {
  const sources = imageSources(src)
  const img = (
    <img
      {...rest}
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sources.srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : loading}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'auto' : 'async'}
      onError={(event) => {
        // A missing upload shows the placeholder instead of a broken icon (a WebP source and
        // srcset win over src, so they go first).
        const img = event.currentTarget
        if (!img.src.endsWith(PLACEHOLDER_IMAGE)) {
          const picture = img.parentElement instanceof HTMLPictureElement ? img.parentElement : null
          picture?.querySelectorAll('source').forEach((source) => source.removeAttribute('srcset'))
          img.removeAttribute('srcset')
          img.removeAttribute('sizes')
          img.src = PLACEHOLDER_IMAGE
        }
        onError?.(event)
      }}
    />
  )
  if (!sources.webpSrcSet) return img
  return (
    <picture>
      <source type="image/webp" srcSet={sources.webpSrcSet} sizes={sizes} />
      {img}
    </picture>
  )
}
