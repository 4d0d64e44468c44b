// The commune the shopper said they live in, remembered in localStorage under
// `deliveryCommune` (a commune's code): the drawer, /cart and checkout show
// that zone's fee and delay, and checkout starts from it. Any tab that changes
// it updates the others.
import { useSyncExternalStore } from 'react'

export const CHOSEN_COMMUNE_KEY = 'deliveryCommune'

const listeners = new Set<() => void>()

export function readChosenCommune(): string | null {
  try {
    return window.localStorage.getItem(CHOSEN_COMMUNE_KEY) || null
  } catch {
    return null
  }
}

/** Remembers `code`; null or '' forgets it. */
export function chooseCommune(code: string | null): void {
  try {
    if (code) window.localStorage.setItem(CHOSEN_COMMUNE_KEY, code)
    else window.localStorage.removeItem(CHOSEN_COMMUNE_KEY)
  } catch {
    // Private browsing without storage: the choice lasts as long as the page.
  }
  listeners.forEach((listener) => listener())
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === CHOSEN_COMMUNE_KEY) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** The remembered commune's code, or `fallback` (the default address's) when none was chosen. */
export function useChosenCommune(fallback: string | null = null): string | null {
  const chosen = useSyncExternalStore(subscribe, readChosenCommune, () => null)
  return chosen ?? fallback
}
