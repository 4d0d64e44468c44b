// The three product strips of the home page.
import { useQuery } from '@tanstack/react-query'
import { newArrivalsQueryOptions } from '../api/get-new-arrivals'
import { productsQueryOptions } from '../api/get-products'
import { promotionsQueryOptions } from '../api/get-promotions'
import { ProductSection } from './product-section'

export const FEATURED_LIMIT = 8
export const NEW_ARRIVALS_LIMIT = 8
export const NEW_ARRIVALS_SHOWN = 4
export const PROMOTIONS_LIMIT = 4

export function FeaturedProducts() {
  const query = useQuery({
    ...productsQueryOptions({ featured: true, limit: FEATURED_LIMIT }),
    select: (page) => page.data,
  })
  return (
    <ProductSection
      title="Produits à la une"
      subtitle="Les pièces que la rue nous réclame."
      link={{ to: '/products?featured=true', label: 'Voir tout' }}
      query={query}
      skeletonCount={4}
    />
  )
}

export function NewArrivals() {
  // 8 are fetched (as the first version did), the first 4 are shown.
  const query = useQuery({
    ...newArrivalsQueryOptions(NEW_ARRIVALS_LIMIT),
    select: (list) => list.data.slice(0, NEW_ARRIVALS_SHOWN),
  })
  return (
    <ProductSection
      title="Nouveautés"
      subtitle="Fraîchement arrivées à l'atelier."
      link={{ to: '/products?new=true', label: 'Voir tout' }}
      query={query}
      skeletonCount={NEW_ARRIVALS_SHOWN}
    />
  )
}

export function Promotions() {
  const query = useQuery({
    ...promotionsQueryOptions(PROMOTIONS_LIMIT),
    select: (list) => list.data.slice(0, PROMOTIONS_LIMIT),
  })
  return (
    <ProductSection
      title="Promotions"
      subtitle="Le style urbain à prix doux, pour peu de temps."
      link={{ to: '/products?promotion=true', label: 'Voir tout' }}
      query={query}
      skeletonCount={PROMOTIONS_LIMIT}
    />
  )
}
