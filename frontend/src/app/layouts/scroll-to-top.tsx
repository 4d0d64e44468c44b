import { useEffect } from 'react'
import { useLocation, useNavigationType } from 'react-router'

/** A new page starts at the top; back/forward, and changes made in place, leave the position alone. */
export function ScrollToTop() {
  const { pathname, search, state } = useLocation()
  const type = useNavigationType()
  // A change made on the page itself (a listing filter) navigates with { keepScroll: true }.
  const keepScroll = (state as { keepScroll?: boolean } | null)?.keepScroll === true
  useEffect(() => {
    if (type !== 'POP' && !keepScroll) window.scrollTo(0, 0)
  }, [pathname, search, type, keepScroll])
  return null
}
