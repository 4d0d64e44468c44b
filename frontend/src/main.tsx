// Global styles first, so component styles (CSS modules) can override them.
import './styles/global.css'
import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { preloadPage } from './app/routes'
import { initSession } from './features/auth/session-store'

// Before the first render, so guards and the header start in the "checking" state.
void initSession()

// The server has painted the first view of `/`, `/products` and product pages; the page's module,
// named in the HTML (modulepreload), arrives with this script. React's first render waits for it,
// and for the painted pictures (at most PICTURE_WAIT_MS: on a slow line they are there long before
// the scripts), then replaces the painted view with the page itself: never with a spinner, never
// with a picture that starts loading again. A transition renders in slices that yield to the
// browser: on a slow phone the first render is not one long task that blocks input (Total
// Blocking Time).
const PICTURE_WAIT_MS = 800
const render = () =>
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    )
  })
const paintedPictures = () =>
  Promise.race([
    Promise.all(
      Array.from(document.querySelectorAll<HTMLImageElement>('#root img[fetchpriority="high"]'), (picture) =>
        picture.decode().catch(() => undefined),
      ),
    ),
    new Promise((resolve) => setTimeout(resolve, PICTURE_WAIT_MS)),
  ])
Promise.all([preloadPage(window.location), paintedPictures()]).then(render, render)
