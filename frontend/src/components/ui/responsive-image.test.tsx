import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ResponsiveImage } from './responsive-image'

describe('ResponsiveImage', () => {
  it('is lazy with srcset, sizes and dimensions by default', () => {
    render(<ResponsiveImage src="/uploads/products/abc/800.jpg" alt="Tee" sizes="50vw" width={800} height={800} />)
    const img = screen.getByRole('img', { name: 'Tee' })
    expect(img).toHaveAttribute('loading', 'lazy')
    expect(img).toHaveAttribute('decoding', 'async')
    expect(img).toHaveAttribute('srcset', expect.stringContaining('/uploads/products/abc/400.jpg 400w'))
    expect(img).toHaveAttribute('sizes', '50vw')
    expect(img).toHaveAttribute('width', '800')
    expect(img).toHaveAttribute('height', '800')
    expect(img).not.toHaveAttribute('fetchpriority')
  })

  it('is eager and first in line as the main image', () => {
    render(<ResponsiveImage src="/uploads/products/abc/800.jpg" alt="Tee" sizes="100vw" width={800} height={800} priority />)
    const img = screen.getByRole('img')
    expect(img).toHaveAttribute('loading', 'eager')
    expect(img).toHaveAttribute('fetchpriority', 'high')
  })

  it('offers the WebP widths first, in the same sizes, to the browsers that read WebP', () => {
    render(<ResponsiveImage src="/uploads/products/abc/800.jpg" alt="Tee" sizes="50vw" width={800} height={800} />)
    const img = screen.getByRole('img', { name: 'Tee' })
    const picture = img.parentElement!
    expect(picture.tagName).toBe('PICTURE')
    const source = picture.querySelector('source')!
    expect(source.nextElementSibling).toBe(img)
    expect(source).toHaveAttribute('type', 'image/webp')
    expect(source).toHaveAttribute('srcset', expect.stringContaining('/uploads/products/abc/400.webp 400w'))
    expect(source).toHaveAttribute('sizes', '50vw')
    expect(img).toHaveAttribute('src', '/uploads/products/abc/800.jpg')
  })

  it('is a plain <img> for other URLs', () => {
    render(<ResponsiveImage src="/images/hero/hero-1.svg" alt="Tee" sizes="50vw" width={800} height={800} />)
    const img = screen.getByRole('img', { name: 'Tee' })
    expect(img.parentElement!.tagName).not.toBe('PICTURE')
    expect(img).not.toHaveAttribute('srcset')
    expect(img).not.toHaveAttribute('sizes')
  })

  it('shows the placeholder when the file is missing, whatever the format', () => {
    render(<ResponsiveImage src="/uploads/products/abc/800.jpg" alt="Tee" sizes="50vw" width={800} height={800} />)
    const img = screen.getByRole('img')
    fireEvent.error(img)
    expect(img).toHaveAttribute('src', '/images/placeholder.jpg')
    expect(img).not.toHaveAttribute('srcset')
    expect(img.parentElement!.querySelector('source')).not.toHaveAttribute('srcset')
  })
})
