import { queryOptions, useQuery } from '@tanstack/react-query'
import { array } from 'zod/mini'
import { api, dataOf } from '@/lib/api-client'
import { addressKeys, addressSchema, type Address } from './address-schema'

/** GET /api/users/addresses → the user's addresses, the default first. */
export async function getAddresses(signal?: AbortSignal): Promise<Address[]> {
  const body = await api.get('/users/addresses', dataOf(array(addressSchema)), { signal })
  return body.data
}

export const addressesQueryOptions = () =>
  queryOptions({ queryKey: addressKeys.list(), queryFn: ({ signal }) => getAddresses(signal) })

export function useAddresses() {
  return useQuery(addressesQueryOptions())
}
