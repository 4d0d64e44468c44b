import { useParams } from 'react-router'
import { UserFormPage } from '@/features/admin/users/components/user-form-page'
import { useSession } from '@/features/auth/session-store'

/** /admin/users/new and /admin/users/edit/:id. */
export default function AdminUserFormRoute() {
  const { id } = useParams()
  const { user } = useSession()
  return <UserFormPage key={id ?? 'new'} userId={id} currentUserId={user ? String(user.id) : null} />
}
