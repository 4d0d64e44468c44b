// A small in-memory cart server for component tests: the MSW handlers of
// /api/cart/* with the server's rules (lines of the same variant add up, stock
// limits, the French messages).
import { http, HttpResponse } from 'msw'
import { LINE_LIMIT_MESSAGE, MAX_LINE_QUANTITY } from '@/config/cart'
import type { ServerCart, ServerCartItem } from '@/features/cart/api/cart-schema'
import { server } from './server'

export interface CatalogueVariant {
  productId: string
  name: string
  slug: string
  image?: string
  price: number
  promoPrice?: number
  size: string
  color: string
  stock: number
}

const stockMessage = (n: number) => `Stock insuffisant. Seulement ${n} disponible(s).`
const error = (status: number, code: string, message: string) => HttpResponse.json({ code, message }, { status })

/**
 * A customer's cart on a fake server. `variants` is the catalogue; `lines`
 * what the cart starts with. `calls` records every change request.
 */
export function mockCartServer(variants: CatalogueVariant[], lines: { variant: CatalogueVariant; quantity: number }[] = []) {
  let nextId = 1
  let items: { id: string; variant: CatalogueVariant; quantity: number }[] = lines.map((line) => ({
    id: `item-${nextId++}`,
    ...line,
  }))
  const calls: { method: string; path: string; body?: unknown }[] = []
  // While held, changes are recorded but answered only once released.
  let gate: Promise<void> = Promise.resolve()

  const find = (productId: unknown, size: unknown, color: unknown) =>
    variants.find((v) => v.productId === productId && v.size === size && v.color === color)

  function cart(): ServerCart {
    const list: ServerCartItem[] = items.map(({ id, variant, quantity }) => ({
      id,
      productId: variant.productId,
      name: variant.name,
      slug: variant.slug,
      image: variant.image ?? '/images/placeholder.jpg',
      price: variant.price,
      ...(variant.promoPrice !== undefined ? { promoPrice: variant.promoPrice } : {}),
      quantity,
      size: variant.size,
      color: variant.color,
      stock: variant.stock,
    }))
    return {
      items: list,
      subtotal: list.reduce((sum, i) => sum + (i.promoPrice ?? i.price) * i.quantity, 0),
      itemCount: list.reduce((sum, i) => sum + i.quantity, 0),
    }
  }

  server.use(
    http.get('/api/cart', () => HttpResponse.json({ data: cart() })),
    http.post('/api/cart/add', async ({ request }) => {
      const body = (await request.json()) as { productId?: string; quantity?: number; size?: string; color?: string }
      calls.push({ method: 'POST', path: '/api/cart/add', body })
      await gate
      if (!body.size || !body.color) return error(400, 'missing_variant', 'Veuillez sélectionner une taille et une couleur')
      const variant = find(body.productId, body.size, body.color)
      if (!variant) return error(404, 'product_not_found', 'Produit non trouvé')
      const line = items.find((i) => i.variant === variant)
      const quantity = body.quantity ?? 1
      if ((line?.quantity ?? 0) + quantity > variant.stock) return error(409, 'insufficient_stock', stockMessage(variant.stock))
      if ((line?.quantity ?? 0) + quantity > MAX_LINE_QUANTITY) return error(409, 'quantity_limit', LINE_LIMIT_MESSAGE)
      if (line) line.quantity += quantity
      else items.push({ id: `item-${nextId++}`, variant, quantity })
      return HttpResponse.json({ data: cart() })
    }),
    http.put('/api/cart/items/:id', async ({ params, request }) => {
      const body = (await request.json()) as { quantity: number }
      calls.push({ method: 'PUT', path: `/api/cart/items/${String(params.id)}`, body })
      await gate
      const line = items.find((i) => i.id === params.id)
      if (!line) return error(404, 'cart_item_not_found', 'Article introuvable dans le panier')
      if (body.quantity < 1) return error(400, 'invalid_quantity', 'La quantité doit être au moins de 1')
      if (body.quantity > line.variant.stock) return error(409, 'insufficient_stock', stockMessage(line.variant.stock))
      if (body.quantity > MAX_LINE_QUANTITY) return error(409, 'quantity_limit', LINE_LIMIT_MESSAGE)
      line.quantity = body.quantity
      return HttpResponse.json({ data: cart() })
    }),
    http.delete('/api/cart/items/:id', async ({ params }) => {
      calls.push({ method: 'DELETE', path: `/api/cart/items/${String(params.id)}` })
      await gate
      const before = items.length
      items = items.filter((i) => i.id !== params.id)
      if (items.length === before) return error(404, 'cart_item_not_found', 'Article introuvable dans le panier')
      return HttpResponse.json({ data: cart() })
    }),
    http.delete('/api/cart/clear', async () => {
      calls.push({ method: 'DELETE', path: '/api/cart/clear' })
      await gate
      items = []
      return HttpResponse.json({ data: cart() })
    }),
    http.post('/api/cart/merge', async ({ request }) => {
      const body = (await request.json()) as { items: { productId: string; quantity: number; size: string; color: string }[] }
      calls.push({ method: 'POST', path: '/api/cart/merge', body })
      const dropped: { productId: string; reason: string }[] = []
      let capped = 0
      let merged = 0
      for (const wanted of body.items) {
        const variant = find(wanted.productId, wanted.size, wanted.color)
        if (!variant || variant.stock === 0) {
          dropped.push({ productId: wanted.productId, reason: "Ce produit n'est plus disponible" })
          continue
        }
        merged += 1
        const line = items.find((i) => i.variant === variant)
        const total = (line?.quantity ?? 0) + wanted.quantity
        if (total > variant.stock) capped += 1
        if (line) line.quantity = Math.min(total, variant.stock)
        else items.push({ id: `item-${nextId++}`, variant, quantity: Math.min(total, variant.stock) })
      }
      return HttpResponse.json({ data: { cart: cart(), merged, capped, dropped } })
    }),
  )
  return {
    calls,
    cart,
    items: () => items,
    /** Holds the answers to changes until the returned function is called. */
    hold() {
      let release!: () => void
      gate = new Promise<void>((resolve) => {
        release = resolve
      })
      return release
    },
  }
}

export const emptyServerCart = (): ServerCart => ({ items: [], subtotal: 0, itemCount: 0 })
