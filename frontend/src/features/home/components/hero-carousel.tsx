import { useCallback, useEffect, useRef, useState, type TouchEvent } from 'react'
import { Link } from 'react-router'
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '@/components/ui/icons'
import { HERO } from '@/config/first-paint'
import styles from './hero-carousel.module.css'

// Advance every 6 s once the first image is there, swipe of
// more than 50 px, wrap-around, preload with a 5 s give-up.
export const SLIDE_INTERVAL_MS = 6_000
export const SWIPE_THRESHOLD_PX = 50
export const PRELOAD_TIMEOUT_MS = 5_000

export interface Slide {
  image: string
  title: string
  text: string
  cta: { label: string; to: string }
}

export const SLIDES: Slide[] = [
  {
    // The server paints this one before the script runs.
    image: HERO.firstImage,
    title: 'Le style de la rue, pensé à Dakar',
    text: 'T-shirts, pulls et accessoires pour celles et ceux qui font vibrer la ville.',
    cta: { label: 'Découvrir la collection', to: '/products' },
  },
  {
    image: '/images/hero/hero-2.svg',
    title: 'Les nouveautés sont arrivées',
    text: 'Nouvelles coupes, nouvelles couleurs : la saison commence aux Parcelles.',
    cta: { label: 'Voir les nouveautés', to: '/products?new=true' },
  },
  {
    image: '/images/hero/hero-3.svg',
    title: 'Né dans la rue, fait pour durer',
    text: 'Une marque urbaine, locale et fière de ses racines sénégalaises.',
    cta: { label: 'Notre histoire', to: '/about' },
  },
]

export function HeroCarousel({ slides = SLIDES }: { slides?: Slide[] }) {
  const [index, setIndex] = useState(0)
  const [ready, setReady] = useState(false)
  const [paused, setPaused] = useState(false)
  const [holding, setHolding] = useState(false) // pointer over it or focus inside
  const firstImage = useRef<HTMLImageElement>(null)
  const touchStartX = useRef<number | null>(null)
  const count = slides.length

  const go = useCallback((next: number) => setIndex(((next % count) + count) % count), [count])

  // Warm the cache for the other slides; start anyway after 5 s on a slow line.
  useEffect(() => {
    if (firstImage.current?.complete && firstImage.current.naturalWidth > 0) setReady(true)
    slides.slice(1).forEach((slide) => {
      const img = new Image()
      img.decoding = 'async'
      img.src = slide.image
    })
    const giveUp = setTimeout(() => setReady(true), PRELOAD_TIMEOUT_MS)
    return () => clearTimeout(giveUp)
  }, [slides])

  // A timeout per slide (not an interval): a manual change restarts the 6 s.
  useEffect(() => {
    if (!ready || paused || holding || count < 2) return
    const timer = setTimeout(() => go(index + 1), SLIDE_INTERVAL_MS)
    return () => clearTimeout(timer)
  }, [ready, paused, holding, index, count, go])

  function onTouchStart(event: TouchEvent) {
    touchStartX.current = event.touches[0]?.clientX ?? null
  }
  function onTouchEnd(event: TouchEvent) {
    const start = touchStartX.current
    const end = event.changedTouches[0]?.clientX
    touchStartX.current = null
    if (start === null || end === undefined) return
    const delta = end - start
    if (Math.abs(delta) > SWIPE_THRESHOLD_PX) go(delta < 0 ? index + 1 : index - 1)
  }

  return (
    <section
      className={styles.hero}
      aria-roledescription="carrousel"
      aria-label="À la une"
      onMouseEnter={() => setHolding(true)}
      onMouseLeave={() => setHolding(false)}
      onFocus={() => setHolding(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHolding(false)
      }}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
    >
      <div className={styles.track}>
        {slides.map((slide, i) => {
          const active = i === index
          return (
            <div
              key={slide.image}
              className={`${styles.slide} ${active ? styles.active : ''}`}
              role="group"
              aria-roledescription="diapositive"
              aria-label={`${i + 1} sur ${count}`}
              aria-hidden={!active}
              inert={!active}
            >
              <img
                ref={i === 0 ? firstImage : undefined}
                className={styles.image}
                src={slide.image}
                alt=""
                width={HERO.width}
                height={HERO.height}
                // The first slide is the page's largest paint: fetch it first, never lazily.
                fetchPriority={i === 0 ? 'high' : 'low'}
                loading={i === 0 ? 'eager' : 'lazy'}
                decoding={i === 0 ? 'sync' : 'async'}
                onLoad={i === 0 ? () => setReady(true) : undefined}
              />
              <div className={styles.content}>
                <h2 className={styles.title}>{slide.title}</h2>
                <p className={styles.text}>{slide.text}</p>
                <div className={styles.actions}>
                  <Link to={slide.cta.to} className={styles.cta}>{slide.cta.label}</Link>
                  {/* 'Notre histoire' is always on screen, once. */}
                  {slide.cta.to !== '/about' ? (
                    <Link to="/about" className={styles.secondary}>Notre histoire</Link>
                  ) : null}
                </div>
              </div>
            </div>
          )
        })}
      </div>

      <div className={styles.controls}>
        <button type="button" className={styles.arrow} onClick={() => go(index - 1)} aria-label="Diapositive précédente">
          <ChevronLeftIcon size={20} />
        </button>
        <div className={styles.dots}>
          {slides.map((slide, i) => (
            <button
              key={slide.image}
              type="button"
              className={`${styles.dot} ${i === index ? styles.dotActive : ''}`}
              onClick={() => go(i)}
              aria-label={`Aller à la diapositive ${i + 1}`}
              aria-current={i === index ? 'true' : undefined}
            />
          ))}
        </div>
        <button type="button" className={styles.arrow} onClick={() => go(index + 1)} aria-label="Diapositive suivante">
          <ChevronRightIcon size={20} />
        </button>
        <button
          type="button"
          className={styles.arrow}
          onClick={() => setPaused((p) => !p)}
          aria-label={paused ? 'Relancer le défilement' : 'Mettre le défilement en pause'}
        >
          {paused ? <PlayIcon size={18} /> : <PauseIcon size={18} />}
        </button>
      </div>
    </section>
  )
}
