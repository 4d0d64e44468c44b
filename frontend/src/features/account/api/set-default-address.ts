import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, dataOf } from '@/lib/api-client'
import { addressKeys, addressSchema, type Address } from './address-schema'

/** PUT /api/users/addresses/{id}/default → the new default address. */
export async function setDefaultAddress(id: Address['id']): Promise<Address> {
  const body = await api.put(`/users/addresses/${encodeURIComponent(String(id))}/default`, undefined, dataOf(addressSchema))
  return body.data
}

export function useSetDefaultAddress() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setDefaultAddress,
    onSuccess: (address) => {
      queryClient.setQueryData<Address[]>(addressKeys.list(), (list) =>
        list?.map((item) => ({ ...item, isDefault: item.id === address.id })),
      )
      return queryClient.invalidateQueries({ queryKey: addressKeys.all })
    },
  })
}
