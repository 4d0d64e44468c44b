import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'
import { server } from './server'
import { setPageShop, shopFixture } from './shop'

// Unhandled requests fail the test: a component calling an endpoint the test
// did not expect is a bug, not noise.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  server.resetHandlers()
  localStorage.clear()
  sessionStorage.clear()
  document.body.style.overflow = ''
  vi.useRealTimers()
  setPageShop(shopFixture())
})
afterAll(() => server.close())

// Lazy route chunks are transformed on first use, which took over 4 s on a loaded 2-core machine:
// waiting is a guard against a screen that never comes, not a measure of speed.
configure({ asyncUtilTimeout: 10_000 })

// jsdom does not implement scrolling.
window.scrollTo = (() => {}) as typeof window.scrollTo
