import { Unauthorized } from '@/features/pages/components/unauthorized'
import { usePageMeta } from '@/lib/seo'

export default function UnauthorizedRoute() {
  usePageMeta({ title: 'Accès non autorisé', noindex: true })
  return <Unauthorized />
}
