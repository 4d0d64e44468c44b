// Wave payment constants on the shopper's side. The server has
// its own (session lifetime, status cache, minimum interval): these only say
// how long the storefront waits, retries and remembers.

/** A session lives 30 minutes; the checkout gives up waiting after as long (docs/rules.md#expiry). */
export const SESSION_TIMEOUT_MS = 30 * 60_000
/** A pending payment older than this is cleaned when a checkout starts. */
export const STALE_PENDING_MS = 60 * 60_000
/** The recovery watcher forgets a pending payment older than this. */
export const DISCARD_PENDING_MS = 2 * 60 * 60_000
/** Under this age a pending payment is worth telling the shopper about. */
export const PROMPT_THRESHOLD_MS = 30 * 60_000
/** A failed status check of a payment younger than this still counts as pending. */
export const RECENT_PENDING_MS = 5 * 60_000

/** Opening a session: 3 tries, 2 s apart. */
export const INIT_ATTEMPTS = 3
export const INIT_RETRY_DELAY_MS = 2_000
/** The result page asks the server 5 times, 2 s apart… */
export const VERIFY_ATTEMPTS = 5
export const VERIFY_DELAY_MS = 2_000
/** …then once more, 3 s after saying it is still checking. */
export const RECHECK_DELAY_MS = 3_000
/** While the shopper waits on the checkout's Wave panel: every 5 s, doubled each time, at most 30 s. */
export const POLL_START_MS = 5_000
export const POLL_MAX_MS = 30_000
/** A 429 without Retry-After: wait this long. */
export const RATE_LIMIT_DEFAULT_MS = 30_000

/** Wave's page opens this long after the panel shows (time to read the test-mode notice). */
export const PAYMENT_START_DELAY_MS = 500
/** /mobile-redirect counts down this many seconds. */
export const MOBILE_REDIRECT_SECONDS = 3
/** The recovery prompt on the home page waits this long. */
export const PROMPT_DELAY_MS = 1_000
