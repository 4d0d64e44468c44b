// The product form's values, its rules (docs/rules.md#catalogue, with the same French
// messages as the server, which checks them again) and the body it sends.
import { CATEGORIES } from '@/config/catalog'
import type { AdminProduct } from './api/product-schema'
import type { ProductBody } from './api/save-product'
import { gridSizes, parseColors, shapeGrid, totalStock } from './stock-grid'

export const PRODUCT_MESSAGES = {
  required: 'Ce champ est requis',
  missing: (labels: string[]) => `Champs requis manquants: ${labels.join(', ')}`,
  promoPrice: 'Le prix promotionnel doit être inférieur au prix normal',
  noColor: 'Au moins une couleur est requise',
  noSize: 'Les tailles sont requises pour les vêtements',
  price: 'Le prix doit être un nombre entier positif ou nul',
} as const

/** Sizes offered to clothing, in the shop's order (docs/rules.md#catalogue). */
export const CLOTHING_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'] as const

/** The body as the form holds it: prices as typed (checked and converted on submit), colours comma-separated ('noir, blanc'). */
export interface ProductFormValues extends Omit<ProductBody, 'price' | 'promoPrice' | 'colors'> {
  price: string
  promoPrice: string
  colorsText: string
}

export type ProductField = keyof ProductFormValues | 'colors'

export function emptyProductForm(): ProductFormValues {
  return {
    name: '',
    shortDescription: '',
    description: '',
    price: '',
    promoPrice: '',
    onPromotion: false,
    category: '',
    subcategory: '',
    colorsText: '',
    sizes: [],
    stock: {},
    images: [],
    imageColors: [],
    material: '',
    careInstructions: '',
    featured: false,
    active: true,
  }
}

export function formFromProduct(product: AdminProduct): ProductFormValues {
  const sizes = product.category === 'accessoire' ? [] : product.sizes.filter((size) => size !== 'unique')
  return {
    name: product.name,
    shortDescription: product.shortDescription ?? '',
    description: product.description ?? '',
    price: String(product.price),
    promoPrice: product.promoPrice === null || product.promoPrice === undefined ? '' : String(product.promoPrice),
    onPromotion: product.onPromotion,
    category: product.category,
    subcategory: product.subcategory,
    colorsText: product.colors.join(', '),
    sizes,
    stock: shapeGrid(product.colors, gridSizes(product.category, sizes), product.stock),
    images: [...product.images],
    imageColors: product.images.map((_, i) => product.imageColors?.[i] ?? null),
    material: product.material ?? '',
    careInstructions: product.careInstructions ?? '',
    featured: product.featured ?? false,
    active: product.active,
  }
}

/** The subcategories of a category (t-shirt, pull / lunette, chaine). */
export function subcategoriesOf(category: string) {
  return CATEGORIES.find((c) => c.slug === category)?.subcategories ?? []
}

/**
 * The grid follows the colours, the category and the sizes: a value changed
 * there reshapes the stock, keeping the quantities of variants that remain.
 */
export function withGrid(values: ProductFormValues): ProductFormValues {
  return { ...values, stock: shapeGrid(parseColors(values.colorsText), gridSizes(values.category, values.sizes), values.stock) }
}

/** A whole number of francs from 0, null when empty, NaN when not a valid amount. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim().replace(/[\s\u202f\u00a0]/g, '')
  if (trimmed === '') return null
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN
}

export interface ProductFormErrors {
  /** The sentence above the form: the required fields first, as the server words it. */
  message: string | null
  fields: Partial<Record<ProductField, string>>
}

const REQUIRED: { field: ProductField; label: string; empty: (v: ProductFormValues) => boolean }[] = [
  { field: 'name', label: 'nom', empty: (v) => v.name.trim() === '' },
  { field: 'description', label: 'description', empty: (v) => v.description.trim() === '' },
  { field: 'price', label: 'prix', empty: (v) => v.price.trim() === '' },
  { field: 'category', label: 'catégorie', empty: (v) => v.category === '' },
  { field: 'subcategory', label: 'sous-catégorie', empty: (v) => v.subcategory === '' },
]

/** Every broken rule of the product form, not only the first. */
export function validateProductForm(values: ProductFormValues): ProductFormErrors {
  const fields: ProductFormErrors['fields'] = {}
  const missing = REQUIRED.filter((rule) => rule.empty(values))
  for (const rule of missing) fields[rule.field] = PRODUCT_MESSAGES.required

  const price = parseAmount(values.price)
  const promo = parseAmount(values.promoPrice)
  if (Number.isNaN(price)) fields.price = PRODUCT_MESSAGES.price
  if (Number.isNaN(promo)) fields.promoPrice = PRODUCT_MESSAGES.price
  else if (values.onPromotion && price !== null && !Number.isNaN(price) && (promo === null || promo >= price)) {
    fields.promoPrice = PRODUCT_MESSAGES.promoPrice
  }
  if (parseColors(values.colorsText).length === 0) fields.colors = PRODUCT_MESSAGES.noColor
  if (values.category !== 'accessoire' && values.sizes.length === 0) fields.sizes = PRODUCT_MESSAGES.noSize

  const firstMessage = Object.entries(fields).find(([field]) => !missing.some((rule) => rule.field === field))?.[1]
  const message = missing.length > 0 ? PRODUCT_MESSAGES.missing(missing.map((rule) => rule.label)) : (firstMessage ?? null)
  return { message, fields }
}

/** What POST/PUT /api/products receive. Prices are whole francs. */
export function toProductBody(values: ProductFormValues): ProductBody {
  const colors = parseColors(values.colorsText)
  const sizes = gridSizes(values.category, values.sizes)
  const promo = parseAmount(values.promoPrice)
  return {
    name: values.name.trim(),
    shortDescription: values.shortDescription.trim(),
    description: values.description.trim(),
    price: parseAmount(values.price),
    promoPrice: promo === null || Number.isNaN(promo) ? null : promo,
    onPromotion: values.onPromotion,
    category: values.category,
    subcategory: values.subcategory,
    colors,
    sizes,
    stock: shapeGrid(colors, sizes, values.stock),
    images: values.images,
    imageColors: pictureColors(values.imageColors, values.images, colors),
    material: values.material.trim(),
    careInstructions: values.careInstructions.trim(),
    featured: values.featured,
    active: values.active,
  }
}

/** A colour for each picture; one the product no longer has (its colours were edited) is every colour. */
export function pictureColors(imageColors: (string | null)[], images: string[], colors: string[]): (string | null)[] {
  return images.map((_, i) => {
    const color = imageColors[i] ?? null
    return color !== null && colors.includes(color) ? color : null
  })
}

/** Something to save: the body differs from the one the form started with. */
export function hasChanges(initial: ProductFormValues, current: ProductFormValues): boolean {
  return JSON.stringify(toProductBody(initial)) !== JSON.stringify(toProductBody(current))
}

/** A product whose total stock is 0 cannot be bought (docs/rules.md#stock). */
export const isSoldOut = (values: ProductFormValues) => totalStock(toProductBody(values).stock) === 0

/** The tab holding a field, to show the first error of a refused save. */
export type ProductTab = 'general' | 'images' | 'stock'

export function tabOf(field: string): ProductTab {
  if (field === 'images' || field === 'imageColors') return 'images'
  if (field === 'colors' || field === 'colorsText' || field === 'sizes' || field === 'stock') return 'stock'
  return 'general'
}
