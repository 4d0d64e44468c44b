import { useParams } from 'react-router'
import { ConfirmByLink } from '@/features/orders/components/confirm-by-link'
import { usePageMeta } from '@/lib/seo'

/** /confirm/{token}: the customer confirms a cash-on-delivery order through the shop's signed link. */
export default function ConfirmOrderRoute() {
  const { token = '' } = useParams()
  // The token is a credential: it stays out of the canonical address and of indexes.
  usePageMeta({ title: 'Confirmer votre commande', canonicalPath: '/confirm', noindex: true })
  return (
    <div className="container">
      <ConfirmByLink token={token} />
    </div>
  )
}
