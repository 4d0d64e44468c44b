// The shop as the server presents it: its name, contacts, hours and social pages come from the
// server's SHOP_* settings, never from the build, so that one shop rebrands without a rebuild.
// The server writes GET /api/shop's answer into every page it serves
// (`<script type="application/json" id="shop">`, crates/pages), read here once, synchronously,
// before anything renders. Vite's dev server writes it the same way, from the API it proxies
// (vite.config.ts, `shopFromServer`).

/** The element the server writes the shop into (crates/pages, `shop_script`). */
export const SHOP_ELEMENT_ID = 'shop'

export interface Shop {
  name: string
  phone: string
  /** International number without '+' or spaces, as wa.me expects it. */
  whatsapp: string
  email: string
  address: string
  hours: string
  /** Registration numbers for the legal notice (RCCM, NINEA); empty hides the line. */
  legalId: string
  /** An empty address hides the link. */
  social: { instagram: string; facebook: string; tiktok: string }
}

/** The page's copy of GET /api/shop's `data`, as written; null when the page has none. */
export function pageShopData(doc: Document | undefined = globalThis.document): Record<string, unknown> | null {
  const text = doc?.getElementById(SHOP_ELEMENT_ID)?.textContent
  if (!text) return null
  try {
    const data: unknown = JSON.parse(text)
    return data && typeof data === 'object' ? (data as Record<string, unknown>) : null
  } catch {
    return null
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : ''
}

/** The shop of `data` (GET /api/shop's answer); a missing field reads as empty. */
export function shopOf(data: Record<string, unknown> | null): Shop {
  const social = (data?.social && typeof data.social === 'object' ? data.social : {}) as Record<string, unknown>
  return {
    name: text(data?.name),
    phone: text(data?.phone),
    whatsapp: text(data?.whatsapp),
    email: text(data?.email),
    address: text(data?.address),
    hours: text(data?.hours),
    legalId: text(data?.legalId),
    social: { instagram: text(social.instagram), facebook: text(social.facebook), tiktok: text(social.tiktok) },
  }
}

const data = pageShopData()
if (!data && import.meta.env.DEV) console.warn(`No #${SHOP_ELEMENT_ID} in the page: is the API at the proxied address?`)

export const shop: Shop = shopOf(data)

/** `tel:` href: the displayed number without spaces. */
export const phoneHref = `tel:${shop.phone.replace(/\s+/g, '')}`
export const whatsappHref = `https://wa.me/${shop.whatsapp}`
export const emailHref = `mailto:${shop.email}`
