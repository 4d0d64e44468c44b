import { useQuery } from '@tanstack/react-query'
import { subcategoryPath } from '@/config/catalog'
import { SIMILAR_LIMIT, similarProductsQueryOptions } from '../api/get-similar-products'
import type { Product } from '../api/product-schema'
import { ProductSection } from './product-section'

/** Four products to suggest under a product; the section disappears when there are none. */
export function SimilarProducts({ product }: { product: Product }) {
  const query = useQuery({
    ...similarProductsQueryOptions(product.slug, SIMILAR_LIMIT),
    select: (list) => list.data.filter((p) => p.id !== product.id).slice(0, SIMILAR_LIMIT),
  })
  return (
    <ProductSection
      title="Vous aimerez aussi"
      link={{ to: subcategoryPath(product.category, product.subcategory), label: 'Voir tout' }}
      query={query}
      skeletonCount={SIMILAR_LIMIT}
    />
  )
}
