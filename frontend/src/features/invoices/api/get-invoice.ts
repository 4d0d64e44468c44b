// An order's « Facture » as the API issues it (GET /api/orders/{id}/invoice for its customer,
// GET /api/admin/orders/{id}/invoice for the shop): the same invoice every time once issued.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { array, int, nullish, object, string, type infer as Infer } from 'zod/mini'
import { api, dataOf } from '@/lib/api-client'
import { orderKeyQuery } from '@/lib/order-keys'

const partySchema = object({
  name: string(),
  address: array(string()),
  phone: string(),
  email: string(),
  /** The seller's registration numbers (RCCM, NINEA); empty for the customer. */
  legalId: string(),
})

export const invoiceSchema = object({
  number: string(),
  issuedAt: string(),
  seller: partySchema,
  customer: partySchema,
  orderId: string(),
  orderNumber: string(),
  orderedAt: string(),
  lines: array(object({ name: string(), color: string(), size: string(), quantity: int(), unitPrice: int(), total: int() })),
  subtotal: int(),
  shippingCost: int(),
  shipping: string(),
  discount: int(),
  promoCode: nullish(string()),
  total: int(),
  paymentMethod: string(),
  paymentState: string(),
  amountPaid: int(),
})

export type Invoice = Infer<typeof invoiceSchema>

/** Whose eyes: the order's customer, or the shop's team. */
export type InvoiceReader = 'customer' | 'staff'

const invoicePath = (id: string, reader: InvoiceReader) =>
  `${reader === 'staff' ? '/admin' : ''}/orders/${encodeURIComponent(id)}/invoice`

export const invoiceQueryOptions = (id: string, reader: InvoiceReader) =>
  queryOptions({
    queryKey: ['invoices', reader, id] as const,
    queryFn: async ({ signal }) => {
      const query = reader === 'customer' ? orderKeyQuery(id) : {}
      return (await api.get(invoicePath(id, reader), dataOf(invoiceSchema), { signal, query })).data
    },
    // An invoice never changes once issued.
    staleTime: Infinity,
    retry: false,
  })

export function useInvoice(id: string, reader: InvoiceReader) {
  return useQuery(invoiceQueryOptions(id, reader))
}
