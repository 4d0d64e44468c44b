// Global styles first, so component styles (CSS modules) can override them.
import './styles/global.css'
import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { initSession } from './features/auth/session-store'

// Before the first render, so guards and the header start in the "checking" state.
void initSession()

// This script is fetched once the server-painted first view is on screen (app/after-first-paint.js):
// React replaces it at once. A transition renders in slices that yield to the browser: on a slow
// phone the first render is not one long task that blocks input (Total Blocking Time).
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
})
