import {
  array,
  boolean,
  enum as zEnum,
  int,
  nullable,
  nullish,
  object,
  optional,
  record,
  string,
  union,
  type infer as Infer,
} from 'zod/mini'
import { CATEGORY_SLUGS, SUBCATEGORY_SLUGS } from '@/config/catalog'

// A product as the API sends it. Amounts are whole francs (integers): a
// float here is a server bug and fails the parse.
export const productSchema = object({
  id: union([string(), int()]),
  name: string(),
  slug: string(),
  price: int(),
  promoPrice: nullish(int()),
  onPromotion: boolean(),
  images: array(string()),
  // The colour each picture shows (one of `colors`), null for every colour; absent from older answers.
  imageColors: optional(array(nullable(string()))),
  shortDescription: nullish(string()),
  description: nullish(string()),
  category: zEnum(CATEGORY_SLUGS),
  subcategory: zEnum(SUBCATEGORY_SLUGS),
  colors: array(string()),
  sizes: array(string()),
  // colour → size → quantity; accessories use the single size 'unique'.
  stock: optional(record(string(), record(string(), int()))),
  featured: optional(boolean()),
  material: nullish(string()),
  careInstructions: nullish(string()),
  createdAt: string(),
})

export type Product = Infer<typeof productSchema>

/** Lists that are not paginated (new arrivals, promotions): pagination, if sent, is ignored. */
export const productListSchema = object({ data: array(productSchema) })
