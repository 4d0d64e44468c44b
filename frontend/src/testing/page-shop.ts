// Runs before anything else of a test file (vite.config.ts, setupFiles): the page carries the
// shop as the server writes it, before lib/shop.ts reads it.
import { setPageShop, shopFixture } from './shop'

setPageShop(shopFixture())
