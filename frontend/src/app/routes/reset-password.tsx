import { useParams } from 'react-router'
import { ResetPasswordPage } from '@/features/auth/components/reset-password-form'
import { usePageMeta } from '@/lib/seo'

/** /reset-password/{token}: the one-time link made by support (docs/rules.md#accounts). */
export default function ResetPasswordRoute() {
  const { token = '' } = useParams()
  // The token is a secret: it stays out of the canonical address and of indexes.
  usePageMeta({ title: 'Nouveau mot de passe', canonicalPath: '/reset-password', noindex: true })
  return <ResetPasswordPage token={token} />
}
