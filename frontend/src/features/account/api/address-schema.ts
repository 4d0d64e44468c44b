import { boolean, int, nullish, object, string, union, type infer as Infer } from 'zod/mini'

/** An address of the address book, as GET/POST/PUT /api/users/addresses answer it. */
export const addressSchema = object({
  id: union([string(), int()]),
  label: nullish(string()),
  firstName: string(),
  lastName: string(),
  phone: string(),
  address: string(),
  city: string(),
  zipCode: nullish(string()),
  country: nullish(string()),
  /** A commune's code in the delivery zones; empty for an address saved before them. */
  commune: nullish(string()),
  communeName: nullish(string()),
  /** The point de repère a courier finds the customer by. */
  landmark: nullish(string()),
  isDefault: boolean(),
  createdAt: string(),
})

export type Address = Infer<typeof addressSchema>

// A type, not an interface: forms need it assignable to a record of values.
export type AddressInput = {
  label: string
  firstName: string
  lastName: string
  phone: string
  address: string
  /** A commune's code in the delivery zones. */
  commune: string
  landmark: string
  isDefault: boolean
}

/** Query keys of the address book (one list per logged-in user; the cache is cleared on logout). */
export const addressKeys = {
  all: ['addresses'] as const,
  list: () => [...addressKeys.all, 'list'] as const,
}
