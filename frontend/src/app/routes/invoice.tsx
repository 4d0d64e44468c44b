import { useParams } from 'react-router'
import { ButtonLink } from '@/components/ui/button'
import { InvoicePage } from '@/features/invoices/components/invoice-document'
import { usePageMeta } from '@/lib/seo'

/** /orders/{id}/facture (behind RequireAuthOrOrderKey): the invoice of one of the customer's orders. */
export default function InvoiceRoute() {
  const { id = '' } = useParams()
  usePageMeta({ title: 'Facture', canonicalPath: `/orders/${id}/facture`, noindex: true })
  return (
    <div className="container">
      <InvoicePage orderId={id} reader="customer" back={<ButtonLink to={`/orders/${id}`} variant="secondary">← Retour à la commande</ButtonLink>} />
    </div>
  )
}
