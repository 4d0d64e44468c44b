// Writing accounts: create, update, (de)activate, delete, and the one-time
// reset link support sends by WhatsApp.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { object, string } from 'zod/mini'
import { api, dataOf } from '@/lib/api-client'
import { removalSchema } from '../../common/removal'
import { adminUserKeys, adminUserSchema, type AdminUser, type Role } from './user-schema'

export interface NewUserBody {
  firstName: string
  lastName: string
  email: string
  phone: string
  password: string
  role: Role
  active: boolean
}

/** PUT body: what is absent stays as it is; `password` only when a new one was typed. */
export type UserChanges = Partial<Omit<NewUserBody, 'password'>> & {
  address?: string
  city?: string
  zipCode?: string
  country?: string
  password?: string
}

function afterChange(queryClient: QueryClient, user?: AdminUser) {
  if (user) queryClient.setQueryData(adminUserKeys.detail(user.id), user)
  void queryClient.invalidateQueries({ queryKey: adminUserKeys.all, predicate: (q) => q.queryKey[2] !== 'detail' })
  void queryClient.invalidateQueries({ queryKey: ['admin', 'stats', 'users'] })
}

/** POST /api/admin/users (201). */
export async function createUser(body: NewUserBody) {
  return (await api.post('/admin/users', body, dataOf(adminUserSchema))).data
}

/** PUT /api/admin/users/{id}. */
export async function updateUser({ id, changes }: { id: string; changes: UserChanges }) {
  return (await api.put(`/admin/users/${encodeURIComponent(id)}`, changes, dataOf(adminUserSchema))).data
}

/** PUT /api/admin/users/{id}/status {active}: a deactivated user is logged out and cannot log in. */
export async function setUserActive({ id, active }: { id: string; active: boolean }) {
  return (await api.put(`/admin/users/${encodeURIComponent(id)}/status`, { active }, dataOf(adminUserSchema))).data
}

/** DELETE /api/admin/users/{id}: a customer with orders is deactivated instead (the server says so). */
export async function deleteUser(id: string) {
  return (await api.delete(`/admin/users/${encodeURIComponent(id)}`, dataOf(removalSchema), { retry: false })).data
}

const resetLinkSchema = object({ url: string(), expiresAt: string() })

/** POST /api/admin/users/{id}/reset-link: a one-time link (1 hour) to choose a new password. */
export async function createResetLink(id: string) {
  return (await api.post(`/admin/users/${encodeURIComponent(id)}/reset-link`, {}, dataOf(resetLinkSchema))).data
}

export function useCreateUser() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: createUser, onSuccess: (user) => afterChange(queryClient, user) })
}

export function useUpdateUser() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: updateUser, onSuccess: (user) => afterChange(queryClient, user) })
}

export function useSetUserActive() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: setUserActive, onSuccess: (user) => afterChange(queryClient, user) })
}

export function useDeleteUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: adminUserKeys.detail(id) })
      afterChange(queryClient)
    },
  })
}

export function useCreateResetLink() {
  return useMutation({ mutationFn: createResetLink })
}
