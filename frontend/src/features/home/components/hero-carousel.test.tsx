import { act, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { HeroCarousel, PRELOAD_TIMEOUT_MS, SLIDE_INTERVAL_MS, SLIDES } from './hero-carousel'

const visibleTitle = () => screen.getByRole('heading', { level: 2 }).textContent
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms))
const firstImage = () => document.querySelector<HTMLImageElement>(`img[src="${SLIDES[0]!.image}"]`)!

function setup() {
  render(
    <MemoryRouter>
      <HeroCarousel />
    </MemoryRouter>,
  )
}

beforeEach(() => {
  vi.useFakeTimers()
})

describe('hero carousel', () => {
  it('has 3 slides linking to /products, /products?new=true and /about, and Notre histoire', () => {
    expect(SLIDES.map((slide) => slide.cta.to)).toEqual(['/products', '/products?new=true', '/about'])
    setup()
    expect(screen.getByRole('link', { name: 'Notre histoire' })).toHaveAttribute('href', '/about')
    expect(screen.getByRole('link', { name: SLIDES[0]!.cta.label })).toHaveAttribute('href', '/products')
  })

  it('loads the first image first, sized, never lazily', () => {
    setup()
    const img = firstImage()
    expect(img).toHaveAttribute('fetchpriority', 'high')
    expect(img).toHaveAttribute('loading', 'eager')
    expect(img).toHaveAttribute('width', '1600')
    expect(img).toHaveAttribute('height', '1000')
  })

  it('advances every 6 s once the first image has loaded, and wraps around', () => {
    setup()
    expect(visibleTitle()).toBe(SLIDES[0]!.title)
    fireEvent.load(firstImage())
    advance(SLIDE_INTERVAL_MS - 1)
    expect(visibleTitle()).toBe(SLIDES[0]!.title)
    advance(1)
    expect(visibleTitle()).toBe(SLIDES[1]!.title)
    advance(SLIDE_INTERVAL_MS)
    expect(visibleTitle()).toBe(SLIDES[2]!.title)
    advance(SLIDE_INTERVAL_MS)
    expect(visibleTitle()).toBe(SLIDES[0]!.title)
  })

  it('starts anyway 5 s after mounting when the image never arrives', () => {
    setup()
    advance(PRELOAD_TIMEOUT_MS) // the give-up timer fires: from now on, 6 s per slide
    advance(1000) // 6 s after mounting: no advance, the first image never loaded
    expect(visibleTitle()).toBe(SLIDES[0]!.title)
    advance(SLIDE_INTERVAL_MS - 1000 - 1)
    expect(visibleTitle()).toBe(SLIDES[0]!.title)
    advance(1)
    expect(visibleTitle()).toBe(SLIDES[1]!.title)
  })

  it('changes slide on a swipe longer than 50 px only', () => {
    setup()
    const hero = screen.getByRole('region', { name: 'À la une' })
    const swipe = (from: number, to: number) => {
      fireEvent.touchStart(hero, { touches: [{ clientX: from }] })
      fireEvent.touchEnd(hero, { changedTouches: [{ clientX: to }] })
    }
    swipe(300, 260) // 40 px: nothing
    expect(visibleTitle()).toBe(SLIDES[0]!.title)
    swipe(300, 240) // 60 px to the left: next
    expect(visibleTitle()).toBe(SLIDES[1]!.title)
    swipe(100, 200) // to the right: previous
    swipe(100, 200) // wraps to the last slide
    expect(visibleTitle()).toBe(SLIDES[2]!.title)
  })

  it('can be driven with the dots, and paused', () => {
    setup()
    fireEvent.click(screen.getByRole('button', { name: 'Aller à la diapositive 3' }))
    expect(visibleTitle()).toBe(SLIDES[2]!.title)
    fireEvent.load(firstImage())
    fireEvent.click(screen.getByRole('button', { name: 'Mettre le défilement en pause' }))
    // Clicking moved focus into the carousel, which also holds it: leave it.
    fireEvent.mouseLeave(screen.getByRole('region', { name: 'À la une' }))
    advance(SLIDE_INTERVAL_MS * 3)
    expect(visibleTitle()).toBe(SLIDES[2]!.title)
  })
})
