import { useQuery } from '@tanstack/react-query'
import { addressesQueryOptions } from '@/features/account/api/get-addresses'
import { useSession } from '@/features/auth/session-store'

/** The commune of a logged-in customer's default address: where the cart's estimate starts. */
export function useDefaultCommune(): string | null {
  const session = useSession()
  const addresses = useQuery({ ...addressesQueryOptions(), enabled: session.status === 'authenticated' })
  return addresses.data?.find((address) => address.isDefault)?.commune || null
}
