import { useParams } from 'react-router'
import { ProductFormPage } from '@/features/admin/products/components/product-form-page'

/** /admin/products/new and /admin/products/edit/:id: the same form. */
export default function AdminProductFormRoute() {
  const { id } = useParams()
  return <ProductFormPage key={id ?? 'new'} productId={id} />
}
