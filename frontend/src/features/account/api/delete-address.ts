import { useMutation, useQueryClient } from '@tanstack/react-query'
import { array } from 'zod/mini'
import { api, dataOf } from '@/lib/api-client'
import { addressKeys, addressSchema, type Address } from './address-schema'

/** DELETE /api/users/addresses/{id} → the remaining addresses. */
export async function deleteAddress(id: Address['id']): Promise<Address[]> {
  const body = await api.delete(`/users/addresses/${encodeURIComponent(String(id))}`, dataOf(array(addressSchema)))
  return body.data
}

export function useDeleteAddress() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: (remaining) => queryClient.setQueryData(addressKeys.list(), remaining),
  })
}
