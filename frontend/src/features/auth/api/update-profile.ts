import { useMutation } from '@tanstack/react-query'
import { api, dataOf } from '@/lib/api-client'
import { sessionStore } from '../session-store'
import { userSchema, type User } from './user-schema'

/**
 * The e-mail is not part of it: it cannot be changed (docs/rules.md#accounts). Nor the
 * account's legacy address lines: the address book holds where parcels go.
 */
export interface ProfileInput {
  firstName: string
  lastName: string
  phone: string
}

/** PUT /api/auth/profile → the updated user. */
export async function putProfile(profile: ProfileInput): Promise<User> {
  const body = await api.put('/auth/profile', profile, dataOf(userSchema))
  return body.data
}

/** Saves the profile and shows the new name everywhere (header menu included). */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: putProfile,
    onSuccess: (user) => sessionStore.setUser(user),
  })
}
