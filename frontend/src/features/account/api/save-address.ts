import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, dataOf } from '@/lib/api-client'
import { addressKeys, addressSchema, type Address, type AddressInput } from './address-schema'

/** POST /api/users/addresses (201) or PUT /api/users/addresses/{id} → the saved address. */
export async function saveAddress({ id, input }: { id?: Address['id']; input: AddressInput }): Promise<Address> {
  const body =
    id === undefined
      ? await api.post('/users/addresses', input, dataOf(addressSchema))
      : await api.put(`/users/addresses/${encodeURIComponent(String(id))}`, input, dataOf(addressSchema))
  return body.data
}

export function useSaveAddress() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveAddress,
    // A new default changes the flag of another address: the list is read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressKeys.all }),
  })
}
