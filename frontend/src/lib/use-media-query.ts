import { useCallback, useSyncExternalStore } from 'react'

/** Desktop layout of the shop (the one breakpoint is 768px, see global.css). */
export const DESKTOP_QUERY = '(min-width: 769px)'

/**
 * Whether a media query matches, following changes. Where matchMedia is
 * missing (old browsers, jsdom) it answers `fallback`.
 */
export function useMediaQuery(query: string, fallback = true): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {}
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  const read = () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback)
  return useSyncExternalStore(subscribe, read, () => fallback)
}
