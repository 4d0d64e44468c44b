import { useParams } from 'react-router'
import { UnsubscribeAlerts } from '@/features/catalog/components/unsubscribe-alerts'
import { usePageMeta } from '@/lib/seo'

/** /alerts/unsubscribe/{token}: ends the back-in-stock alerts of the address the link was sent to. */
export default function UnsubscribeAlertsRoute() {
  const { token = '' } = useParams()
  // The token is the address's key: it stays out of the canonical address and of indexes.
  usePageMeta({ title: 'Alertes de retour en stock', canonicalPath: '/alerts/unsubscribe', noindex: true })
  return (
    <div className="container">
      <UnsubscribeAlerts token={token} />
    </div>
  )
}
