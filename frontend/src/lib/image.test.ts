import { describe, expect, it } from 'vitest'
import { imageSources, largestImage, smallestImage, PLACEHOLDER_IMAGE } from './image'

describe('imageSources', () => {
  it('derives the three widths of a server picture, in JPEG and in WebP', () => {
    expect(imageSources('/uploads/products/3f9c2a7d1b6e4c80/800.jpg')).toEqual({
      src: '/uploads/products/3f9c2a7d1b6e4c80/800.jpg',
      srcSet:
        '/uploads/products/3f9c2a7d1b6e4c80/400.jpg 400w, /uploads/products/3f9c2a7d1b6e4c80/800.jpg 800w, /uploads/products/3f9c2a7d1b6e4c80/1200.jpg 1200w',
      webpSrcSet:
        '/uploads/products/3f9c2a7d1b6e4c80/400.webp 400w, /uploads/products/3f9c2a7d1b6e4c80/800.webp 800w, /uploads/products/3f9c2a7d1b6e4c80/1200.webp 1200w',
    })
    // Whatever width the stored URL names, the sets are the same.
    expect(imageSources('/uploads/products/abc123/1200.jpg')).toEqual(imageSources('/uploads/products/abc123/400.jpg'))
  })

  it('uses any other URL as it is', () => {
    for (const url of [
      '/images/placeholder.jpg',
      '/uploads/products/abc/800.webp',
      '/uploads/products/abc/photo.jpg',
      '/uploads/products/abc/900.jpg',
      'https://cdn.example.com/uploads/products/abc/800.jpg',
      '/uploads/products/../secret/800.jpg',
    ]) {
      expect(imageSources(url)).toEqual({ src: url })
    }
  })

  it('falls back to the placeholder for a missing URL', () => {
    expect(imageSources(undefined)).toEqual({ src: PLACEHOLDER_IMAGE })
    expect(imageSources('  ')).toEqual({ src: PLACEHOLDER_IMAGE })
  })

  it('picks the 1200-px file for share previews', () => {
    expect(largestImage('/uploads/products/abc/800.jpg')).toBe('/uploads/products/abc/1200.jpg')
    expect(largestImage('/images/placeholder.jpg')).toBe('/images/placeholder.jpg')
  })

  it('picks the 400-px file for thumbnails', () => {
    expect(smallestImage('/uploads/products/abc/800.jpg')).toBe('/uploads/products/abc/400.jpg')
    expect(smallestImage('/images/placeholder.jpg')).toBe('/images/placeholder.jpg')
    expect(smallestImage(null)).toBe(PLACEHOLDER_IMAGE)
  })
})
