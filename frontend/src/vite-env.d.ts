/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SHOP_NAME?: string
  readonly VITE_SHOP_PHONE?: string
  readonly VITE_SHOP_WHATSAPP?: string
  readonly VITE_SHOP_EMAIL?: string
  readonly VITE_SHOP_ADDRESS?: string
  readonly VITE_SHOP_HOURS?: string
  /** RCCM / NINEA shown in the legal notice of /terms; empty hides the line. */
  readonly VITE_SHOP_LEGAL_ID?: string
  readonly VITE_SHOP_INSTAGRAM?: string
  readonly VITE_SHOP_FACEBOOK?: string
  readonly VITE_SHOP_TIKTOK?: string
  /** Public origin used in canonical and Open Graph URLs, e.g. https://bitik.sn */
  readonly VITE_SITE_URL?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
