import type { Product } from '@/features/catalog/api/product-schema'

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
