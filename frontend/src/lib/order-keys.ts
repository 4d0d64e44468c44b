// The keys of orders placed without logging in (the `k` of `orderUrl`), kept in this browser:
// the order's page, its payment and the return from Wave open the order with it, no account
// needed. A key opens its own order only (the server checks it); a logged-in owner needs none.

const STORAGE_KEY = 'orderKeys'
/** The most recent orders are enough: a shopper follows a handful at a time. */
const KEPT = 20

interface Kept {
  /** Order id → its key, oldest first. */
  orders: [string, string][]
  /** Wave session id → the order it pays (its status and cancel name only the session). */
  sessions: [string, string][]
}

function read(): Kept {
  try {
    const kept = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<Kept> | null
    return { orders: Array.isArray(kept?.orders) ? kept.orders : [], sessions: Array.isArray(kept?.sessions) ? kept.sessions : [] }
  } catch {
    return { orders: [], sessions: [] }
  }
}

function write(kept: Kept) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(kept))
  } catch {
    // Private browsing with no storage: the link itself still opens the order.
  }
}

function added(pairs: [string, string][], pair: [string, string]): [string, string][] {
  return [...pairs.filter(([first]) => first !== pair[0]), pair].slice(-KEPT)
}

export function rememberOrderKey(orderId: string, key: string) {
  if (!orderId || !key) return
  const kept = read()
  write({ ...kept, orders: added(kept.orders, [orderId, key]) })
}

/** An order's own link (`orderUrl`): its key is kept for its id. */
export function rememberOrderUrl(url: string | null | undefined) {
  if (!url) return
  try {
    const parsed = new URL(url, window.location.origin)
    const id = decodeURIComponent(parsed.pathname.split('/').pop() ?? '')
    rememberOrderKey(id, parsed.searchParams.get('k') ?? '')
  } catch {
    // Not a link: nothing to keep.
  }
}

export function orderKeyOf(orderId: string): string | null {
  return read().orders.find(([id]) => id === orderId)?.[1] ?? null
}

/** The query an order's routes take: its key when this browser holds one. */
export function orderKeyQuery(orderId: string): { k?: string } {
  const key = orderKeyOf(orderId)
  return key ? { k: key } : {}
}

/** A Wave session opened for an order whose key this browser holds. */
export function rememberSessionOrder(sessionId: string, orderId: string) {
  if (!sessionId || !orderKeyOf(orderId)) return
  const kept = read()
  write({ ...kept, sessions: added(kept.sessions, [sessionId, orderId]) })
}

export function sessionKeyQuery(sessionId: string): { k?: string } {
  const orderId = read().sessions.find(([session]) => session === sessionId)?.[1]
  return orderId ? orderKeyQuery(orderId) : {}
}

/** The path of an order's own page on this site, for links inside the app. */
export function orderPath(orderId: string): string {
  const key = orderKeyOf(orderId)
  const path = `/orders/${encodeURIComponent(orderId)}`
  return key ? `${path}?k=${encodeURIComponent(key)}` : path
}
