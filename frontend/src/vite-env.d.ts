/// <reference types="vite/client" />

// The shop's name and contacts are the server's (SHOP_*, lib/shop.ts): none is a build setting.
interface ImportMetaEnv {
  /** Public origin used in canonical and Open Graph URLs, e.g. https://bitik.sn */
  readonly VITE_SITE_URL?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
