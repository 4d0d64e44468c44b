import { render, type RenderOptions } from '@testing-library/react'
import type { ReactElement, ReactNode } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { AppRoutes } from '@/app/app'
import { AppProvider } from '@/app/provider'
import { createQueryClient } from '@/app/query-client'
import { initSession } from '@/features/auth/session-store'

/** Shows the current address so tests can assert where a click led. */
export function LocationDisplay() {
  const location = useLocation()
  return <output data-testid="location">{location.pathname + location.search}</output>
}

/** A component inside the app's providers and a router at `route`. */
export function renderWithProviders(ui: ReactElement, { route = '/', ...options }: { route?: string } & RenderOptions = {}) {
  const queryClient = createQueryClient()
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <AppProvider queryClient={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path="*" element={<>{children}<LocationDisplay /></>} />
          </Routes>
        </MemoryRouter>
      </AppProvider>
    )
  }
  return { queryClient, ...render(ui, { wrapper: Wrapper, ...options }) }
}

/** The whole app (real route table, lazy pages) at `route`, starting the session as main.tsx does. */
export function renderApp(route = '/') {
  void initSession()
  const queryClient = createQueryClient()
  return {
    queryClient,
    ...render(
      <AppProvider queryClient={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <AppRoutes />
          <LocationDisplay />
        </MemoryRouter>
      </AppProvider>,
    ),
  }
}
