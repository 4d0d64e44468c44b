import type { Product } from '@/features/catalog/api/product-schema'
import type { Facets } from '@/features/catalog/api/get-facets'

let seq = 0

export function makeProduct(overrides: Partial<Product> = {}): Product {
  seq += 1
  return {
    id: `p${seq}`,
    name: `T-shirt Dakar ${seq}`,
    slug: `t-shirt-dakar-${seq}`,
    price: 12500,
    promoPrice: null,
    onPromotion: false,
    images: [`/uploads/products/p${seq}.webp`],
    shortDescription: 'Coton épais',
    description: 'Un t-shirt en coton épais.',
    category: 'vetement',
    subcategory: 't-shirt',
    colors: ['noir'],
    sizes: ['S', 'M', 'L'],
    stock: { noir: { S: 3, M: 5, L: 0 } },
    featured: false,
    material: 'Coton',
    careInstructions: 'Lavage à 30°',
    createdAt: '2025-03-01T10:00:00Z',
    ...overrides,
  }
}

export function page(products: Product[], pagination: Partial<{ page: number; limit: number; totalItems: number; totalPages: number; totalIsLowerBound: boolean }> = {}) {
  return {
    data: products,
    pagination: { page: 1, limit: 12, totalItems: products.length, totalPages: 1, ...pagination },
  }
}

/** GET /api/products/facets: colours and sizes the catalogue has, with their counts. */
export function facetsFixture(): Facets {
  const counts = (pairs: [string, number][]) => pairs.map(([value, count]) => ({ value, count }))
  return {
    colors: counts([['noir', 12], ['blanc', 9], ['bleu marine', 4], ['doré', 3], ['rouge', 1]]),
    sizes: counts([['S', 5], ['M', 8], ['L', 6], ['XL', 2], ['XXL', 1], ['unique', 3]]),
    price: { min: 3_000, max: 45_000 },
    categories: [
      { value: 'vetement', count: 20, subcategories: counts([['t-shirt', 14], ['pull', 6]]) },
      { value: 'accessoire', count: 3, subcategories: counts([['chaine', 3]]) },
    ],
  }
}
