import { ProductsPage } from '@/features/admin/products/components/products-page'

export default function AdminProductsRoute() {
  return <ProductsPage />
}
