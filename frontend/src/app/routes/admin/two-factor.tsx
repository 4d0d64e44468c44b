import { TwoFactorPage } from '@/features/admin/two-factor/components/two-factor-page'
import { sessionStore, useSession } from '@/features/auth/session-store'

/** /admin/two-factor: every member of the team's own two-step login, kept in the session. */
export default function AdminTwoFactorRoute() {
  const { user } = useSession()
  return (
    <TwoFactorPage
      enabled={Boolean(user?.twoFactorEnabled)}
      setupRequired={Boolean(user?.twoFactorSetupRequired)}
      onSession={sessionStore.logIn}
      onUser={sessionStore.setUser}
    />
  )
}
