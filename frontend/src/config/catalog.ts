// Categories of the shop (seed 000 §1): shared by the header, the home page,
// the listing headings and the 404 page.
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

export function isCategorySlug(value: string): value is CategorySlug {
  return (CATEGORY_SLUGS as readonly string[]).includes(value)
}
export function isSubcategorySlug(value: string): value is SubcategorySlug {
  return (SUBCATEGORY_SLUGS as readonly string[]).includes(value)
}

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
