// The product page's choice of colour, size and quantity:
// pure functions, so the rules are tested without rendering.
//
// - sizes offered are those of the chosen colour with stock above 0, in the
//   standard order;
// - a product with several sizes opens with NO size chosen: the shopper taps
//   one (the shop's rule: a size nobody chose must never be ordered); a
//   product with one size (`unique`) has it chosen for them;
// - a colour change keeps the chosen size when the new colour has it in
//   stock, else clears it (the page then tells the shopper, see
//   `droppedSize`);
// - the quantity is an integer from 1 to what a cart line of the chosen variant
//   may hold (its stock, 10 at most); before a size is chosen, of the colour's
//   best-stocked size, so the stepper works and is fitted once the size comes.
//   A colour or size change reduces it to fit; a typed value above that drops
//   it to 1; with no stock at all it is 0.
import { lineLimit } from '@/config/cart'
import { compareSizes, normaliseSize } from '@/config/catalog'
import { PLACEHOLDER_IMAGE } from '@/lib/image'
import type { Product } from './api/product-schema'

export const UNIQUE_SIZE = 'unique'

export interface Selection {
  color: string | undefined
  size: string | undefined
  quantity: number
}

/** Units of one variant; sizes are matched whatever their spelling (xl, 2XL…). */
export function variantStock(product: Product, color: string | undefined, size: string | undefined): number {
  if (color === undefined || size === undefined) return 0
  const sizes = product.stock?.[color]
  if (!sizes) return 0
  const wanted = normaliseSize(size) ?? size
  for (const [name, quantity] of Object.entries(sizes)) {
    if ((normaliseSize(name) ?? name) === wanted) return Math.max(0, quantity)
  }
  return 0
}

/** Sizes of `color` that can be bought now, in standard order. */
export function availableSizes(product: Product, color: string | undefined): string[] {
  if (color === undefined) return []
  const sizes = product.stock?.[color] ?? {}
  return Object.entries(sizes)
    .filter(([, quantity]) => quantity > 0)
    .map(([size]) => size)
    .sort(compareSizes)
}

/** Sizes of `color` with no unit left, in standard order: those a shopper may ask to be told of. */
export function soldOutSizes(product: Product, color: string | undefined): string[] {
  if (color === undefined) return []
  return product.sizes.filter((size) => variantStock(product, color, size) <= 0).sort(compareSizes)
}

/** Units of a colour, all sizes together. */
export function colorStock(product: Product, color: string): number {
  return Object.values(product.stock?.[color] ?? {}).reduce((sum, quantity) => sum + Math.max(0, quantity), 0)
}

export function totalStock(product: Product): number {
  return product.colors.reduce((sum, color) => sum + colorStock(product, color), 0)
}

/** Accessories have the single size `unique`: no size choice is shown. */
export function hasSingleSize(product: Product): boolean {
  return product.sizes.length === 0 || product.sizes.every((size) => size.toLowerCase() === UNIQUE_SIZE)
}

/** The quantity that fits a stock: 1 to the stock (10 at most), or 0 when there is none. */
export function fitQuantity(quantity: number, stock: number): number {
  if (stock <= 0) return 0
  return Math.min(Math.max(1, Math.trunc(quantity) || 1), lineLimit(stock))
}

/** Units the quantity is bounded by: the chosen variant's, or before a size is chosen the colour's best-stocked size's. */
export function selectionStock(product: Product, selection: Pick<Selection, 'color' | 'size'>): number {
  if (selection.size !== undefined) return variantStock(product, selection.color, selection.size)
  return Math.max(0, ...availableSizes(product, selection.color).map((size) => variantStock(product, selection.color, size)))
}

/** The first colour that can be bought (else the first colour), quantity 1; a size only when there is a single one. */
export function initialSelection(product: Product): Selection {
  const color = product.colors.find((c) => colorStock(product, c) > 0) ?? product.colors[0]
  return selectColor(product, { color: undefined, size: undefined, quantity: 1 }, color)
}

/** `size` as the colour's stock spells it, when that colour has it in stock. */
function sizeInStock(product: Product, color: string | undefined, size: string | undefined): string | undefined {
  if (size === undefined) return undefined
  const wanted = normaliseSize(size) ?? size
  return availableSizes(product, color).find((name) => (normaliseSize(name) ?? name) === wanted)
}

/** New colour: the chosen size kept when the colour has it in stock, else cleared; the quantity reduced to fit. */
export function selectColor(product: Product, current: Selection, color: string | undefined): Selection {
  // A single size is chosen for the shopper; with none in stock it stays (shown as sold out).
  const size = hasSingleSize(product)
    ? (availableSizes(product, color)[0] ?? product.sizes[0] ?? UNIQUE_SIZE)
    : sizeInStock(product, color, current.size)
  return { color, size, quantity: fitQuantity(current.quantity, selectionStock(product, { color, size })) }
}

/**
 * The size a colour change cleared, when the shopper must be told: the new
 * colour has other sizes to choose from. (With none at all, the page already
 * says the colour is sold out.)
 */
export function droppedSize(product: Product, before: Selection, after: Selection): string | undefined {
  if (before.size === undefined || after.size !== undefined) return undefined
  return availableSizes(product, after.color).length > 0 ? before.size : undefined
}

export function selectSize(product: Product, current: Selection, size: string): Selection {
  return { ...current, size, quantity: fitQuantity(current.quantity, variantStock(product, current.color, size)) }
}

/**
 * A quantity typed or stepped by the shopper. Not a whole number or below 1
 * → 1; above the stock or the units a line holds → 1; no stock → 0.
 */
export function changeQuantity(product: Product, current: Selection, value: number | string): Selection {
  const stock = selectionStock(product, current)
  const n = typeof value === 'number' ? value : Number.parseInt(value, 10)
  let quantity: number
  if (stock <= 0) quantity = 0
  else if (!Number.isFinite(n) || n < 1 || n > lineLimit(stock)) quantity = 1
  else quantity = Math.trunc(n)
  return { ...current, quantity }
}

/** A picture of the product and the colour it shows; `null` shows with every colour. */
export interface ProductPicture {
  url: string
  color: string | null
}

/** The pictures in the shop's order, each with its colour (`imageColors[i]` is `images[i]`'s). */
export function productPictures(product: Pick<Product, 'images' | 'imageColors' | 'colors'>): ProductPicture[] {
  const images = product.images.length > 0 ? product.images : [PLACEHOLDER_IMAGE]
  return images.map((url, i) => {
    const color = product.imageColors?.[i] ?? null
    // A colour the product does not list (an older answer) cannot be chosen: it shows for every colour.
    return { url, color: color !== null && product.colors.includes(color) ? color : null }
  })
}

/**
 * The pictures as a shopper who chose `color` sees them (bitik_catalog's
 * `Product::pictures_for`): that colour's own first, then those of every
 * colour, then the other colours', each group in the shop's order.
 */
export function picturesForColor(product: Pick<Product, 'images' | 'imageColors' | 'colors'>, color: string | undefined): ProductPicture[] {
  const rank = (picture: ProductPicture) => (picture.color === null ? 1 : picture.color === color ? 0 : 2)
  return productPictures(product)
    .map((picture, index) => ({ picture, index }))
    .sort((a, b) => rank(a.picture) - rank(b.picture) || a.index - b.index)
    .map(({ picture }) => picture)
}

/** The picture of a cart line of this colour: the colour's first (the server's `image_for`). */
export function pictureForColor(product: Pick<Product, 'images' | 'imageColors' | 'colors'>, color: string | undefined): string {
  return picturesForColor(product, color)[0]?.url ?? PLACEHOLDER_IMAGE
}

/** What the shopper pays for one unit. */
export function unitPrice(product: Pick<Product, 'price' | 'promoPrice' | 'onPromotion'>): number {
  return product.onPromotion && product.promoPrice != null ? product.promoPrice : product.price
}

/** Rounded percentage off, or null when there is no real promotion. */
export function discountPercent(price: number, promoPrice: number | null | undefined, onPromotion: boolean): number | null {
  if (!onPromotion || promoPrice == null || price <= 0 || promoPrice >= price) return null
  return Math.round(((price - promoPrice) / price) * 100)
}
