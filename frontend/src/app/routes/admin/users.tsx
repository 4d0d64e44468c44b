import { UsersPage } from '@/features/admin/users/components/users-page'
import { useSession } from '@/features/auth/session-store'

export default function AdminUsersRoute() {
  const { user } = useSession()
  return <UsersPage currentUserId={user ? String(user.id) : null} />
}
