import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { BrowserRouter, useLocation, useNavigate, useRoutes } from 'react-router'
import { sessionStore, watchOtherTabs } from '@/features/auth/session-store'
import { SESSION_EXPIRED_PATH, setSessionExpiredHandler } from '@/lib/api-client'
import { AppProvider } from './provider'
import { createQueryClient } from './query-client'
import { routes } from './routes'

// Declarative <BrowserRouter> rather than the data router: the data APIs
// (loaders, actions, fetchers) would weigh on every shopper's first load
// (see docs/benchmarks.md), and React Query already does the data work.

/** Wires the API client's 401 rule to the router and renders the routes. */
export function AppRoutes() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  // useNavigate's function changes with the location; the handler must not.
  const navigateRef = useRef(navigate)
  navigateRef.current = navigate
  const location = useLocation()
  const locationRef = useRef(location)
  locationRef.current = location

  useEffect(() => {
    // lib/api-client has already removed token and user: update the app's
    // state and move to the login page without a full reload.
    setSessionExpiredHandler(() => {
      sessionStore.clear({ ended: 'expired' })
      queryClient.clear()
      // Remember the page, so logging in again leads back to it.
      const { pathname, search, hash } = locationRef.current
      if (pathname !== '/login') void navigateRef.current(SESSION_EXPIRED_PATH, { state: { from: pathname + search + hash } })
    })
    return watchOtherTabs()
  }, [queryClient])

  return useRoutes(routes)
}

export function App() {
  const [queryClient] = useState(createQueryClient)
  return (
    <AppProvider queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  )
}
