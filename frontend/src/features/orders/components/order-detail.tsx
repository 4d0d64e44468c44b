// /orders/{id}: one of the customer's orders: status,
// lines, totals, delivery (with its courier and tracking note), payment and
// history; Contacter le service client while it is pending; confirmation and
// cancellation while the server allows them.
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { AddressLines, placeLine } from '@/components/ui/address-lines'
import { Button, ButtonAnchor, ButtonLink } from '@/components/ui/button'
import { useConfirm } from '@/components/ui/confirm'
import { WhatsAppIcon } from '@/components/ui/icons'
import { PageSpinner } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import { errorMessage, isApiError } from '@/lib/api-client'
import { formatDate, formatPrice } from '@/lib/format'
import { formatPhone } from '@/lib/phone'
import { whatsAppUrl } from '@/lib/whatsapp'
import { useCancelOrder } from '../api/cancel-order'
import { useConfirmMyOrder } from '../api/confirm-order'
import { useOrder } from '../api/get-order'
import { useSwitchToCash } from '../api/switch-to-cash'
import {
  canContactSupport,
  orderStatusLabel,
  paymentMethodLabel,
  paymentLabel,
  REFUND_METHOD_LABELS,
  type Order,
} from '../api/order-schema'
import { shippingLabel } from '../shipping-methods'
import { OrderLines, OrderTotals } from './order-summary'
import historyStyles from './order-history.module.css'
import styles from './order-detail.module.css'

export const ORDER_NOT_FOUND = 'Commande introuvable'
export const ORDER_LOAD_FAILED = 'Impossible de charger les détails de la commande'
export const CONTACT_SUPPORT = 'Contacter le service client'
export const ORDER_CANCELLED = 'Votre commande a été annulée.'
export const CANCEL_FAILED = "Erreur lors de l'annulation de la commande"
export const CONFIRM_ORDER = 'Confirmer ma commande'
export const ORDER_CONFIRMED = 'Merci ! Votre commande est confirmée, nous la préparons.'
export const CONFIRM_FAILED = 'Erreur lors de la confirmation de la commande'
export const PAY_AT_DOOR = 'Payer à la livraison plutôt'
export const SWITCHED_TO_CASH = 'Vous paierez à la livraison. Confirmez votre commande pour que nous la préparions.'
export const SWITCH_FAILED = 'Erreur lors du changement de mode de paiement'
export const SEE_INVOICE = 'Voir la facture'

export const switchConfirm = (orderNumber: string, total: number) => ({
  title: PAY_AT_DOOR,
  text: <>Payer la commande <span className="nowrap">{orderNumber}</span> en espèces au livreur ({formatPrice(total)}) plutôt qu’avec Wave ?</>,
  confirmLabel: 'Payer à la livraison',
  cancelLabel: 'Garder Wave',
})

export const cancelConfirm = (orderNumber: string) => ({
  title: 'Annuler la commande',
  text: <>Êtes-vous sûr de vouloir annuler la commande <span className="nowrap">{orderNumber}</span> ? Cette action est irréversible.</>,
  confirmLabel: 'Annuler la commande',
  cancelLabel: 'Garder la commande',
})

/** The message prefilled in WhatsApp: the shop sees at once which order it is about. */
export const supportMessage = (orderNumber: string) =>
  `Bonjour, je vous contacte au sujet de ma commande ${orderNumber}.`

interface OrderDetailProps {
  id: string
  /** The payment's button of an order Wave may pay (the app passes the payments feature's). */
  payAction?: (order: { id: string; payWithWave?: string | null }) => ReactNode
  /** The order was cancelled: its stock is back (the app refreshes what shows stock). */
  onCancelled?: (order: Order) => void
  /** Opened with its own key by a shopper with no session: there is no « Mes commandes ». */
  guest?: boolean
}

export function OrderDetail({ id, onCancelled, payAction, guest = false }: OrderDetailProps) {
  const order = useOrder(id)
  if (order.isPending) return <PageSpinner label="Chargement de la commande…" />
  if (order.isError) {
    const notFound = isApiError(order.error) && order.error.status === 404
    return (
      <div className={styles.state} role={notFound ? undefined : 'alert'}>
        <h1 className={styles.stateTitle}>{notFound ? ORDER_NOT_FOUND : ORDER_LOAD_FAILED}</h1>
        {notFound ? <p>Cette commande n’existe pas ou n’appartient pas à votre compte.</p> : null}
        <div className={styles.stateActions}>
          {notFound ? null : <Button variant="secondary" onClick={() => void order.refetch()}>Réessayer</Button>}
          {guest ? null : <ButtonLink to="/orders">Voir mes commandes</ButtonLink>}
        </div>
      </div>
    )
  }
  return <OrderView order={order.data} onCancelled={onCancelled} payAction={payAction} guest={guest} />
}

function OrderView({ order, onCancelled, payAction, guest }: { order: Order; onCancelled?: (order: Order) => void; payAction?: OrderDetailProps['payAction']; guest: boolean }) {
  const confirm = useConfirm()
  const toast = useToast()
  const cancel = useCancelOrder()
  const confirmOrder = useConfirmMyOrder()
  const switchToCash = useSwitchToCash()
  const methodLabel = shippingLabel(order.shippingMethod)
  const info = order.shippingInfo
  const history = [...(order.statusHistory ?? [])].sort((a, b) => Date.parse(a.date) - Date.parse(b.date))

  async function onCancel() {
    if (!(await confirm(cancelConfirm(order.orderNumber)))) return
    try {
      const cancelled = await cancel.mutateAsync(String(order.id))
      toast.success(ORDER_CANCELLED)
      onCancelled?.(cancelled)
    } catch (error) {
      if (isApiError(error) && error.status === 401) return
      toast.error(isApiError(error) && error.status === 409 ? error.message : errorMessage(error, CANCEL_FAILED))
    }
  }

  async function onConfirm() {
    try {
      await confirmOrder.mutateAsync(String(order.id))
      toast.success(ORDER_CONFIRMED)
    } catch (error) {
      if (isApiError(error) && error.status === 401) return
      toast.error(isApiError(error) && error.status === 409 ? error.message : errorMessage(error, CONFIRM_FAILED))
    }
  }

  async function onSwitchToCash() {
    if (!(await confirm(switchConfirm(order.orderNumber, order.total)))) return
    try {
      await switchToCash.mutateAsync(String(order.id))
      toast.success(SWITCHED_TO_CASH)
    } catch (error) {
      if (isApiError(error) && error.status === 401) return
      // 400 / 409: the server's sentence (no cash in this zone, this phone, already paid…).
      toast.error(isApiError(error) && error.status < 500 ? error.message : errorMessage(error, SWITCH_FAILED))
    }
  }

  return (
    <article className={styles.order} aria-labelledby="order-title">
      {guest ? null : <Link to="/orders" className={styles.back}>← Mes commandes</Link>}
      <header className={styles.head}>
        <div>
          <h1 id="order-title" className={styles.title}>Commande <span className="nowrap">{order.orderNumber}</span></h1>
          <p className={styles.date}>Passée le {formatDate(order.createdAt, { withTime: true })}</p>
        </div>
        <span className={`${historyStyles.status} ${historyStyles[order.status] ?? ''} ${styles.status}`} data-testid="order-status">
          {orderStatusLabel(order.status)}
        </span>
      </header>

      {order.confirmable ? (
        <p className={styles.fact} data-testid="order-confirmation-request">
          Votre commande attend votre confirmation : confirmez-la pour que nous la préparions.
        </p>
      ) : null}

      {(payAction && order.payWithWave) || order.switchToCash ? (
        <div className={styles.actions} data-testid="order-pay">
          {payAction && order.payWithWave ? payAction({ id: String(order.id), payWithWave: order.payWithWave }) : null}
          {order.switchToCash ? (
            <Button variant="secondary" onClick={() => void onSwitchToCash()} disabled={switchToCash.isPending}>
              {PAY_AT_DOOR}
            </Button>
          ) : null}
        </div>
      ) : null}

      {canContactSupport(order) || order.cancellable || order.confirmable ? (
        <div className={styles.actions}>
          {order.confirmable ? (
            <Button onClick={() => void onConfirm()} disabled={confirmOrder.isPending}>
              {confirmOrder.isPending ? 'Confirmation…' : CONFIRM_ORDER}
            </Button>
          ) : null}
          {canContactSupport(order) ? (
            <ButtonAnchor href={whatsAppUrl(supportMessage(order.orderNumber))} target="_blank" rel="noopener noreferrer" variant="secondary">
              <WhatsAppIcon size={20} />
              {CONTACT_SUPPORT}
            </ButtonAnchor>
          ) : null}
          {order.cancellable ? (
            <Button variant="ghost" className={styles.cancel} onClick={() => void onCancel()} disabled={cancel.isPending}>
              {cancel.isPending ? 'Annulation…' : 'Annuler la commande'}
            </Button>
          ) : null}
        </div>
      ) : null}

      <div className={styles.grid}>
        <section className={styles.block} aria-labelledby="order-items">
          <h2 id="order-items" className={styles.blockTitle}>Articles</h2>
          <OrderLines
            lines={order.items.map((item, i) => ({
              key: `${String(item.productId)}-${item.size ?? ''}-${item.color ?? ''}-${i}`,
              name: item.name,
              image: item.image,
              size: item.size,
              color: item.color,
              quantity: item.quantity,
              unitPrice: item.price,
            }))}
          />
          <OrderTotals
            subtotal={order.subtotal}
            shipping={{ label: methodLabel, cost: order.shippingCost }}
            discount={order.discount}
            promoCode={order.promoCode}
            total={order.total}
          />
        </section>

        <div className={styles.side}>
          <section className={styles.block} aria-labelledby="order-delivery">
            <h2 id="order-delivery" className={styles.blockTitle}>Livraison</h2>
            <address className={styles.address}>
              <AddressLines
                lines={[
                  `${info.firstName} ${info.lastName}`,
                  info.address || null,
                  placeLine(info),
                  info.landmark ? `Point de repère : ${info.landmark}` : null,
                  formatPhone(info.phone),
                  info.email,
                ]}
              />
            </address>
            <p className={styles.fact}>{methodLabel}</p>
            {info.notes ? <p className={styles.fact}>Instructions : {info.notes}</p> : null}
            {order.courier ? (
              <p className={styles.fact} data-testid="order-courier">
                Livreur : {order.courier.name} ·{' '}
                <a href={`tel:${order.courier.phone}`}>{formatPhone(order.courier.phone)}</a>
              </p>
            ) : null}
            {order.trackingNote?.trim() ? (
              <p className={styles.fact} data-testid="order-tracking">Suivi : {order.trackingNote.trim()}</p>
            ) : null}
          </section>

          <section className={styles.block} aria-labelledby="order-payment">
            <h2 id="order-payment" className={styles.blockTitle}>Paiement</h2>
            <dl className={styles.facts}>
              <div>
                <dt>Mode</dt>
                <dd data-testid="order-payment-method">{paymentMethodLabel(order.paymentMethod)}</dd>
              </div>
              {order.paymentInfo ? (
                <div>
                  <dt>Statut</dt>
                  <dd data-testid="order-payment-status">{paymentLabel(order)}</dd>
                </div>
              ) : null}
              <Balance order={order} />
              {(order.refundedAmount ?? 0) > 0 ? (
                <div>
                  <dt>Remboursé</dt>
                  <dd data-testid="order-refunded">{formatPrice(order.refundedAmount ?? 0)}</dd>
                </div>
              ) : null}
            </dl>
            {(order.refunds ?? []).filter((r) => r.state === 'succeeded').map((refund) => (
              <p key={refund.id} className={styles.fact}>
                Remboursement de {formatPrice(refund.amount)} {REFUND_METHOD_LABELS[refund.method] ?? ''} le{' '}
                {formatDate(refund.settledAt ?? refund.createdAt)}
              </p>
            ))}
            {order.invoiceable ? (
              <Link to={`/orders/${String(order.id)}/facture`} className={styles.invoiceLink}>{SEE_INVOICE}</Link>
            ) : null}
          </section>

          {history.length > 0 ? (
            <section className={styles.block} aria-labelledby="order-history">
              <h2 id="order-history" className={styles.blockTitle}>Historique</h2>
              <ol className={styles.history}>
                {history.map((entry, i) => (
                  <li key={`${entry.date}-${i}`}>
                    <span className={styles.historyStatus}>{orderStatusLabel(entry.status)}</span>
                    <span className={styles.hint}>
                      {formatDate(entry.date, { withTime: true })}
                      {entry.by ? ` · ${entry.by}` : ''}
                    </span>
                    {entry.note ? <span className={styles.note}>{entry.note}</span> : null}
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
        </div>
      </div>
    </article>
  )
}

/** What a correction left: part paid and the rest due, or paid beyond the total and owed back. */
function Balance({ order }: { order: Order }) {
  const paid = order.amountPaid ?? 0
  const due = order.amountDue ?? 0
  const overpaid = order.overpaid ?? 0
  return (
    <>
      {paid > 0 && due > 0 ? (
        <>
          <div>
            <dt>Déjà payé</dt>
            <dd>{formatPrice(paid)}</dd>
          </div>
          <div>
            <dt>Reste à payer</dt>
            <dd data-testid="order-amount-due">{formatPrice(due)}</dd>
          </div>
        </>
      ) : null}
      {overpaid > 0 ? (
        <div>
          <dt>À vous rembourser</dt>
          <dd data-testid="order-overpaid">{formatPrice(overpaid)}</dd>
        </div>
      ) : null}
    </>
  )
}
