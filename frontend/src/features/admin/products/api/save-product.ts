import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api, dataOf } from '@/lib/api-client'
import { removalSchema } from '../../common/removal'
import type { StockGrid } from '../stock-grid'
import { adminProductKeys, adminProductSchema, type AdminProduct } from './product-schema'
import type { StockAdjustment } from './stock-movements'

/** The product form as the API takes it (POST /api/products, PUT /api/products/{id}). */
export interface ProductBody {
  name: string
  shortDescription: string
  description: string
  price: number | null
  promoPrice: number | null
  onPromotion: boolean
  category: string
  subcategory: string
  colors: string[]
  sizes: string[]
  stock: StockGrid
  images: string[]
  /** The colour each of `images` shows (one of `colors`), null for every colour. */
  imageColors: (string | null)[]
  material: string
  careInstructions: string
  featured: boolean
  active: boolean
}

/** A saved product changes lists, the storefront's pages and the dashboard figures. */
function afterChange(queryClient: QueryClient, product?: AdminProduct) {
  if (product) queryClient.setQueryData(adminProductKeys.detail(product.id), product)
  void queryClient.invalidateQueries({ queryKey: adminProductKeys.all, predicate: (q) => q.queryKey[2] !== 'detail' })
  void queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] })
  void queryClient.invalidateQueries({ queryKey: ['products'] })
}

export async function saveProduct({ id, body }: { id?: string; body: ProductBody }) {
  const response =
    id === undefined
      ? await api.post('/products', body, dataOf(adminProductSchema))
      : await api.put(`/products/${encodeURIComponent(id)}`, body, dataOf(adminProductSchema))
  return response.data
}

export function useSaveProduct() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: saveProduct, onSuccess: (product) => afterChange(queryClient, product) })
}

/** PUT /api/products/{id}/stock: the quantities of the variants counted, with the reason and its note. */
export async function updateStock({ id, stock, reason, note }: StockAdjustment) {
  const response = await api.put(`/products/${encodeURIComponent(id)}/stock`, { stock, reason, note: note.trim() }, dataOf(adminProductSchema))
  return response.data
}

export function useUpdateStock() {
  const queryClient = useQueryClient()
  // The product's movements are among the admin's product queries: asked again with the lists.
  return useMutation({ mutationFn: updateStock, onSuccess: (product) => afterChange(queryClient, product) })
}

/** DELETE /api/products/{id}: deleted, or deactivated when orders name it (the server says which). */
export async function deleteProduct(id: string) {
  const response = await api.delete(`/products/${encodeURIComponent(id)}`, dataOf(removalSchema), { retry: false })
  return response.data
}

export function useDeleteProduct() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: adminProductKeys.detail(id) })
      afterChange(queryClient)
    },
  })
}
