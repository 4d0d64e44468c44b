// Shop identity shown to shoppers. Every value can be set at build time with a
// VITE_SHOP_* variable (see .env.example); the defaults are the Dakar shop's.
const env = import.meta.env

function pick(value: string | undefined, fallback: string): string {
  const trimmed = value?.trim()
  return trimmed ? trimmed : fallback
}

export const shop = {
  name: pick(env.VITE_SHOP_NAME, 'Bitik Dakar'),
  phone: pick(env.VITE_SHOP_PHONE, '+221 77 000 00 00'),
  // International number without '+' or spaces, as wa.me expects it.
  whatsapp: pick(env.VITE_SHOP_WHATSAPP, '221770000000'),
  email: pick(env.VITE_SHOP_EMAIL, 'contact@bitik.sn'),
  address: pick(env.VITE_SHOP_ADDRESS, 'Parcelles Assainies, Dakar, Sénégal'),
  hours: pick(env.VITE_SHOP_HOURS, 'Lundi - Samedi : 9h - 19h'),
  // Registration numbers for the legal notice (e.g. 'RCCM SN-DKR-… · NINEA …'); empty hides the line.
  legalId: env.VITE_SHOP_LEGAL_ID?.trim() ?? '',
  // Empty string hides the link.
  social: {
    instagram: env.VITE_SHOP_INSTAGRAM ?? 'https://www.instagram.com/bitikdakar',
    facebook: env.VITE_SHOP_FACEBOOK ?? 'https://www.facebook.com/bitikdakar',
    tiktok: env.VITE_SHOP_TIKTOK ?? 'https://www.tiktok.com/@bitikdakar',
  },
} as const

/** `tel:` href: the displayed number without spaces. */
export const phoneHref = `tel:${shop.phone.replace(/\s+/g, '')}`
export const whatsappHref = `https://wa.me/${shop.whatsapp}`
export const emailHref = `mailto:${shop.email}`
