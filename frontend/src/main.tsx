// Global styles first, so component styles (CSS modules) can override them.
import './styles/global.css'
import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { firstPaintShown } from './app/first-paint'
import { initSession } from './features/auth/session-store'

// Before the first render, so guards and the header start in the "checking" state.
void initSession()

const root = document.getElementById('root')!

// React replaces the server-painted first view: not before its pictures are on screen (bounded).
// A transition renders in slices that yield to the browser: on a slow phone the first render is
// not one long task that blocks input (Total Blocking Time).
void firstPaintShown(root).then(() =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    )
  }),
)
