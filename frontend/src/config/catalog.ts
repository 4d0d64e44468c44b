// Categories of the shop (docs/rules.md#catalogue): shared by the header, the home page,
// the listing headings and the 404 page.
import { isOneOf } from '@/lib/codes'

export const CATEGORIES = [
  {
    slug: 'vetement',
    label: 'Vêtements',
    subcategories: [
      { slug: 't-shirt', label: 'T-shirts' },
      { slug: 'pull', label: 'Pulls' },
    ],
  },
  {
    slug: 'accessoire',
    label: 'Accessoires',
    subcategories: [
      { slug: 'lunette', label: 'Lunettes' },
      { slug: 'chaine', label: 'Chaînes' },
    ],
  },
] as const

export type CategorySlug = (typeof CATEGORIES)[number]['slug']
export type SubcategorySlug = (typeof CATEGORIES)[number]['subcategories'][number]['slug']

export const CATEGORY_SLUGS = ['vetement', 'accessoire'] as const satisfies readonly CategorySlug[]
export const SUBCATEGORY_SLUGS = ['t-shirt', 'pull', 'lunette', 'chaine'] as const satisfies readonly SubcategorySlug[]

export const isCategorySlug = (value: string) => isOneOf(CATEGORY_SLUGS, value)
export const isSubcategorySlug = (value: string) => isOneOf(SUBCATEGORY_SLUGS, value)

export function categoryLabel(slug: string): string | undefined {
  return CATEGORIES.find((c) => c.slug === slug)?.label
}

export function subcategoryLabel(slug: string): string | undefined {
  for (const category of CATEGORIES) {
    const found = category.subcategories.find((s) => s.slug === slug)
    if (found) return found.label
  }
  return undefined
}

export const categoryPath = (category: string) => `/category/${category}`
export const subcategoryPath = (category: string, subcategory: string) => `/category/${category}/${subcategory}`

/** The four subcategory links, in menu order. */
export const SUBCATEGORY_LINKS = CATEGORIES.flatMap((c) =>
  c.subcategories.map((s) => ({ label: s.label, to: subcategoryPath(c.slug, s.slug), category: c.slug, subcategory: s.slug })),
)

/** Sizes in the order shoppers expect (docs/rules.md#catalogue); 2XL/3XL are other spellings of XXL/XXXL. */
export const SIZE_ORDER = ['XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL', 'unique'] as const
const SIZE_ALIASES: Record<string, string> = { '2XL': 'XXL', '3XL': 'XXXL', UNIQUE: 'unique' }

/** 'xl' → 'XL', '2XL' → 'XXL', 'Unique' → 'unique'; undefined for an unknown size. */
export function normaliseSize(raw: string): string | undefined {
  const upper = raw.trim().toUpperCase()
  const size = SIZE_ALIASES[upper] ?? upper
  return (SIZE_ORDER as readonly string[]).includes(size) ? size : undefined
}

/** Standard order; unknown sizes last, in their given order. */
export function compareSizes(a: string, b: string): number {
  const rank = (size: string) => {
    const i = (SIZE_ORDER as readonly string[]).indexOf(normaliseSize(size) ?? '')
    return i === -1 ? SIZE_ORDER.length : i
  }
  return rank(a) - rank(b)
}

/** The listing's size filter. */
export const FILTER_SIZES = ['S', 'M', 'L', 'XL', 'XXL'] as const

/**
 * Colours offered by the listing's colour filter: those of the catalogue, most
 * common first. The API has no colour facet yet; a colour that only arrives
 * through the address (a shared link) is added to the list while it is selected.
 */
export const FILTER_COLORS = [
  'noir',
  'blanc',
  'gris',
  'beige',
  'marron',
  'bleu marine',
  'bleu',
  'vert',
  'kaki',
  'jaune',
  'orange',
  'rouge',
  'bordeaux',
  'rose',
  'violet',
  'doré',
  'argenté',
] as const
