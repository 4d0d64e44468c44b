// The three product strips of the home page.
import { useQuery } from '@tanstack/react-query'
import { productStripQueryOptions, type ProductStrip } from '../api/get-product-strip'
import { productsQueryOptions } from '../api/get-products'
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
  return (
    <StripSection
      strip="new-arrivals"
      limit={NEW_ARRIVALS_LIMIT}
      shown={NEW_ARRIVALS_SHOWN}
      title="Nouveautés"
      subtitle="Fraîchement arrivées à l'atelier."
      to="/products?new=true"
    />
  )
}

export function Promotions() {
  return (
    <StripSection
      strip="promotions"
      limit={PROMOTIONS_LIMIT}
      shown={PROMOTIONS_LIMIT}
      title="Promotions"
      subtitle="Le style urbain à prix doux, pour peu de temps."
      to="/products?promotion=true"
    />
  )
}

interface StripSectionProps {
  strip: ProductStrip
  limit: number
  shown: number
  title: string
  subtitle: string
  to: string
}

function StripSection({ strip, limit, shown, title, subtitle, to }: StripSectionProps) {
  const query = useQuery({
    ...productStripQueryOptions(strip, limit),
    select: (list) => list.data.slice(0, shown),
  })
  return <ProductSection title={title} subtitle={subtitle} link={{ to, label: 'Voir tout' }} query={query} skeletonCount={shown} />
}
