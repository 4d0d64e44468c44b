// GET /api/shop as the server answers it with its default settings, and the copy the server
// writes into every page (lib/shop.ts reads it as the storefront starts).
import type { ServerShop } from '@/lib/server-shop'

/**
 * lib/shop.ts's SHOP_ELEMENT_ID (lib/shop.test.ts checks it), not imported: importing lib/shop
 * reads the page, which must have the shop before (testing/page-shop.ts).
 */
const SHOP_ELEMENT_ID = 'shop'

export function shopFixture(overrides: Partial<ServerShop> = {}): ServerShop {
  return {
    name: 'Bitik Dakar',
    phone: '+221 77 000 00 00',
    whatsapp: '221770000000',
    email: 'contact@bitik.sn',
    address: 'Parcelles Assainies, Dakar, Sénégal',
    hours: 'Lundi - Samedi : 9h - 19h',
    legalId: '',
    social: {
      instagram: 'https://www.instagram.com/bitikdakar',
      facebook: 'https://www.facebook.com/bitikdakar',
      tiktok: 'https://www.tiktok.com/@bitikdakar',
    },
    testMode: false,
    resetByEmail: false,
    loginByCode: false,
    ...overrides,
  }
}

/**
 * Writes `shop` into the page as the server does (`<script type="application/json" id="shop">`);
 * null: a page without it (the storefront then asks GET /api/shop).
 */
export function setPageShop(shop: ServerShop | null) {
  document.getElementById(SHOP_ELEMENT_ID)?.remove()
  if (!shop) return
  const element = document.createElement('script')
  element.type = 'application/json'
  element.id = SHOP_ELEMENT_ID
  element.textContent = JSON.stringify(shop)
  document.head.append(element)
}
