import { useMemo } from 'react'
import { Navigate, useParams, useSearchParams } from 'react-router'
import { categoryLabel, categoryPath, isCategorySlug, isSubcategorySlug, subcategoryLabel, CATEGORIES } from '@/config/catalog'
import { ProductListing } from '@/features/catalog/components/product-listing'
import { categoryUrlQuery, parseCategoryParams } from '@/features/catalog/listing-params'
import { usePageMeta } from '@/lib/seo'
import { shop } from '@/lib/shop'

/**
 * /category/{category} and /category/{category}/{subcategory}: the listing
 * without the sidebar. An unknown category goes to /products,
 * a subcategory that is not one of the category's to the category's page.
 */
export default function CategoryRoute() {
  const { category = '', subcategory } = useParams()
  const valid = isCategorySlug(category)
  const subValid =
    subcategory === undefined ||
    (isSubcategorySlug(subcategory) && CATEGORIES.some((c) => c.slug === category && c.subcategories.some((s) => s.slug === subcategory)))

  if (!valid) return <Navigate to="/products" replace />
  if (!subValid) return <Navigate to={categoryPath(category)} replace />
  return <CategoryListing category={category} subcategory={subcategory} />
}

function CategoryListing({ category, subcategory }: { category: 'vetement' | 'accessoire'; subcategory?: string }) {
  const [searchParams] = useSearchParams()
  const query = useMemo(() => parseCategoryParams(category, subcategory, searchParams), [category, subcategory, searchParams])
  // The address holds page, sort and filters; the category is its path.
  const urlQuery = useMemo(() => categoryUrlQuery(query), [query])
  const heading = (subcategory ? subcategoryLabel(subcategory) : categoryLabel(category)) ?? 'Tous nos produits'
  const path = subcategory ? `/category/${category}/${subcategory}` : `/category/${category}`
  const page = query.page ?? 1

  usePageMeta({
    title: page > 1 ? `${heading} – page ${page}` : heading,
    description: `${heading} : la mode urbaine de ${shop.name}, créée à Dakar. Prix en FCFA, livraison à Dakar, paiement Wave ou à la livraison.`,
    canonicalPath: page > 1 ? `${path}?page=${page}` : path,
  })

  return (
    <ProductListing
      query={query}
      urlQuery={urlQuery}
      path={path}
      heading={heading}
      // « Filtrer » filters this page, in its own address.
      filters="drawer"
    />
  )
}
