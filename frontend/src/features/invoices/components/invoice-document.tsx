// The printable « Facture » of an order, for its customer (/orders/{id}/facture) and for the
// shop (/admin/orders/{id}/facture): the invoice as the server issued it, never recomputed here.
import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { PageSpinner } from '@/components/ui/spinner'
import { errorMessage, isApiError } from '@/lib/api-client'
import { formatDate, formatDiscount, formatPrice } from '@/lib/format'
import { formatPhone } from '@/lib/phone'
import { useInvoice, type Invoice, type InvoiceReader } from '../api/get-invoice'
import styles from './invoice.module.css'

export const INVOICE_LOAD_FAILED = 'Impossible de charger la facture'
export const PRINT_INVOICE = 'Imprimer ou enregistrer en PDF'

interface InvoicePageProps {
  orderId: string
  reader: InvoiceReader
  /** The way back to the order, shown on screen only. */
  back: ReactNode
}

export function InvoicePage({ orderId, reader, back }: InvoicePageProps) {
  const invoice = useInvoice(orderId, reader)
  if (invoice.isPending) return <PageSpinner label="Chargement de la facture…" />
  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        {back}
        {invoice.isSuccess ? <Button onClick={() => window.print()}>{PRINT_INVOICE}</Button> : null}
      </div>
      {invoice.isSuccess ? (
        <InvoiceDocument invoice={invoice.data} />
      ) : (
        // 409: not paid nor delivered yet, the server's sentence says so; 404: not this reader's order.
        <p className={styles.problem} role="alert">
          {isApiError(invoice.error) && (invoice.error.status === 409 || invoice.error.status === 404)
            ? invoice.error.message
            : errorMessage(invoice.error, INVOICE_LOAD_FAILED)}
        </p>
      )}
    </div>
  )
}

export function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const { seller, customer } = invoice
  return (
    <article className={styles.invoice} aria-labelledby="invoice-title">
      <header className={styles.head}>
        <div className={styles.party}>
          <p className={styles.shop}>{seller.name}</p>
          {seller.address.map((line) => <p key={line}>{line}</p>)}
          <p>{formatPhone(seller.phone)}</p>
          {seller.email ? <p>{seller.email}</p> : null}
          {seller.legalId ? <p data-testid="invoice-legal-id">{seller.legalId}</p> : null}
        </div>
        <div className={styles.ref}>
          <h1 id="invoice-title">Facture <span className="nowrap">{invoice.number}</span></h1>
          <p>Date : {formatDate(invoice.issuedAt)}</p>
          <p>Commande <span className="nowrap">{invoice.orderNumber}</span> du {formatDate(invoice.orderedAt)}</p>
        </div>
      </header>

      <section className={styles.party} aria-labelledby="invoice-customer">
        <h2 id="invoice-customer">Facturé à</h2>
        <p><strong>{customer.name}</strong></p>
        {customer.address.map((line) => <p key={line}>{line}</p>)}
        <p>{formatPhone(customer.phone)}</p>
        {customer.email ? <p>{customer.email}</p> : null}
      </section>

      {/* A narrow phone scrolls the lines sideways: the box takes the keyboard's focus to scroll too. */}
      <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Articles facturés">
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Article</th>
              <th scope="col" className={styles.num}>Qté</th>
              <th scope="col" className={styles.num}>Prix unitaire</th>
              <th scope="col" className={styles.num}>Total</th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line, index) => (
              <tr key={`${line.name}-${line.color}-${line.size}-${index}`}>
                <td>
                  {line.name}
                  <span className={styles.variant}>{variantLine(line)}</span>
                </td>
                <td className={styles.num}>{line.quantity}</td>
                <td className={styles.num}>{formatPrice(line.unitPrice)}</td>
                <td className={styles.num}>{formatPrice(line.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <dl className={styles.totals}>
        <dt>Sous-total</dt>
        <dd>{formatPrice(invoice.subtotal)}</dd>
        <dt>{invoice.shipping}</dt>
        <dd>{invoice.shippingCost === 0 ? 'Gratuite' : formatPrice(invoice.shippingCost)}</dd>
        {invoice.discount > 0 ? (
          <>
            <dt>Remise{invoice.promoCode ? ` (${invoice.promoCode})` : ''}</dt>
            <dd>{formatDiscount(invoice.discount)}</dd>
          </>
        ) : null}
        <dt className={styles.grand}>Total</dt>
        <dd className={styles.grand} data-testid="invoice-total">{formatPrice(invoice.total)}</dd>
      </dl>

      <section className={styles.payment} aria-labelledby="invoice-payment">
        <h2 id="invoice-payment">Paiement</h2>
        <p>{invoice.paymentMethod} · <span data-testid="invoice-payment-state">{invoice.paymentState}</span></p>
        <p>Montant réglé : {formatPrice(invoice.amountPaid)}</p>
      </section>
      <p className={styles.thanks}>Merci pour votre achat ! {seller.name}</p>
    </article>
  )
}

const variantLine = (line: Invoice['lines'][number]) =>
  [line.color, line.size === 'unique' ? 'Taille unique' : line.size ? `Taille ${line.size}` : ''].filter(Boolean).join(' · ')
