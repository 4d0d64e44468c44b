import { useParams } from 'react-router'
import { useProduct } from '@/features/catalog/api/get-product'
import { ProductDetail } from '@/features/catalog/components/product-detail'
import { ProductDetailSkeleton, ProductStatus, PRODUCT_NOT_FOUND } from '@/features/catalog/components/product-status'
import { SimilarProducts } from '@/features/catalog/components/similar-products'
import { useAddToCart } from '@/features/cart/add-to-cart'
import { isApiError } from '@/lib/api-client'
import { largestImage } from '@/lib/image'
import { usePageMeta } from '@/lib/seo'

/** /product/{id-or-slug}: the catalogue's product page wired to the cart. */
export default function ProductRoute() {
  const { idOrSlug = '' } = useParams()
  const product = useProduct(idOrSlug)
  const addToCart = useAddToCart()
  const notFound = isApiError(product.error) && product.error.status === 404
  const data = product.data

  usePageMeta(
    data
      ? {
          title: data.name,
          description: data.shortDescription || undefined,
          image: largestImage(data.images[0]),
          // One address per product, whether it was reached by id or by slug.
          canonicalPath: `/product/${data.slug}`,
          type: 'product',
        }
      : { title: notFound ? PRODUCT_NOT_FOUND : undefined, noindex: product.isError },
  )

  if (product.isPending) return <ProductDetailSkeleton />
  if (!data) return <ProductStatus notFound={notFound} />
  return (
    <>
      {/* A new product (a similar one was opened) starts with its own colour, size and quantity. */}
      <ProductDetail key={data.id} product={data} onAddToCart={addToCart} />
      <SimilarProducts product={data} />
    </>
  )
}
