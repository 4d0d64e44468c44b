import { useParams } from 'react-router'
import { ButtonLink } from '@/components/ui/button'
import { InvoicePage } from '@/features/invoices/components/invoice-document'
import { usePageMeta } from '@/lib/seo'

/** /admin/orders/{id}/facture: an order's invoice, to print or hand over. */
export default function AdminInvoiceRoute() {
  const { id = '' } = useParams()
  usePageMeta({ title: 'Facture – Administration', noindex: true })
  return <InvoicePage orderId={id} reader="staff" back={<ButtonLink to={`/admin/orders/${id}`} variant="secondary">← Retour à la commande</ButtonLink>} />
}
