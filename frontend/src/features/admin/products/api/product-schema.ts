// A product as the admin sees it (GET /api/products?scope=admin, the answers
// of POST/PUT): the shop's product plus `active`, the stored promo price and
// images with their colours, and the stock total and status computed by the server.
import {
  array,
  boolean,
  enum as zEnum,
  int,
  nullable,
  nullish,
  optional,
  object,
  record,
  string,
  type infer as Infer,
} from 'zod/mini'
import { CATEGORY_SLUGS, SUBCATEGORY_SLUGS } from '@/config/catalog'

export const adminProductSchema = object({
  id: string(),
  name: string(),
  slug: string(),
  price: int(),
  promoPrice: nullish(int()),
  onPromotion: boolean(),
  images: array(string()),
  imageColors: optional(array(nullable(string()))),
  shortDescription: nullish(string()),
  description: nullish(string()),
  category: zEnum(CATEGORY_SLUGS),
  subcategory: zEnum(SUBCATEGORY_SLUGS),
  colors: array(string()),
  sizes: array(string()),
  stock: record(string(), record(string(), int())),
  stockTotal: int(),
  stockStatus: zEnum(['out', 'low', 'in']),
  featured: boolean(),
  active: boolean(),
  material: nullish(string()),
  careInstructions: nullish(string()),
  createdAt: string(),
})

export type AdminProduct = Infer<typeof adminProductSchema>
export type StockStatus = AdminProduct['stockStatus']

/** 0 is out (Épuisé), below 5 is low (Stock bas), otherwise in stock (docs/rules.md#stock). */
export const STOCK_STATUS_LABELS: Record<StockStatus, string> = {
  out: 'Épuisé',
  low: 'Stock bas',
  in: 'En stock',
}

export const adminProductKeys = {
  all: ['admin', 'products'] as const,
  list: (query: object) => ['admin', 'products', 'list', query] as const,
  detail: (id: string) => ['admin', 'products', 'detail', id] as const,
  movements: (id: string) => ['admin', 'products', 'movements', id] as const,
}
