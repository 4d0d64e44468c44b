import { useEffect } from 'react'
import { useLocation, useNavigationType } from 'react-router'

/** A new page starts at the top; back/forward leaves the browser's position alone. */
export function ScrollToTop() {
  const { pathname, search } = useLocation()
  const type = useNavigationType()
  useEffect(() => {
    if (type !== 'POP') window.scrollTo(0, 0)
  }, [pathname, search, type])
  return null
}
