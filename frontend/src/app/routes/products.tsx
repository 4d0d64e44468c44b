import { useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { ProductListing } from '@/features/catalog/components/product-listing'
import { listingCanonicalPath, listingHeading, parseListingParams } from '@/features/catalog/listing-params'
import { usePageMeta } from '@/lib/seo'
import { shop } from '@/lib/shop'

export default function ProductsRoute() {
  const [searchParams] = useSearchParams()
  const query = useMemo(() => parseListingParams(searchParams), [searchParams])
  const heading = listingHeading(query)

  usePageMeta({
    title: query.page && query.page > 1 ? `${heading} – page ${query.page}` : heading,
    description: `${heading} : la mode urbaine de ${shop.name}, livrée à Dakar. Prix en FCFA, paiement Wave ou à la livraison.`,
    canonicalPath: listingCanonicalPath(query),
    // Search results are endless variations of the catalogue: keep them out of indexes.
    noindex: Boolean(query.search),
  })

  return <ProductListing query={query} urlQuery={query} path="/products" filters="sidebar" />
}
