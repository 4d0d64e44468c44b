import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useSearchParams } from 'react-router'
import { placeLine } from '@/components/ui/address-lines'
import { Button, ButtonLink } from '@/components/ui/button'
import { CheckboxField } from '@/components/ui/form-field'
import { useConfirm } from '@/components/ui/confirm'
import { PageSpinner } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import {
  isCashOnDelivery,
  isOrderStatus,
  isStoppedOrder,
  ORDER_PROGRESS,
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  orderStatusLabel,
  paymentMethodLabel,
  paymentStatusLabel,
  shippingMethodLabel,
} from '@/config/orders'
import { formatDate, formatDiscount, formatPrice } from '@/lib/format'
import { smallestImage } from '@/lib/image'
import { PERMISSIONS, useCan } from '@/lib/permissions'
import { formatPhone } from '@/lib/phone'
import { usePageMeta } from '@/lib/seo'
import { EntityJournal } from '../../audit/components/entity-journal'
import { adminErrorMessage, isNotFound } from '../../common/admin-error'
import styles from '../../common/admin.module.css'
import { OrderStatusBadge } from '../../common/order-status-badge'
import { LoadError, PageHeader } from '../../common/page-header'
import { useErrorToast } from '../../common/use-error-toast'
import { OrderMessages } from '../../messages/components/order-messages'
import { OrderWhatsApp } from '../../messages/components/order-whatsapp'
import { useAdminOrder } from '../api/get-order'
import type { AdminOrder } from '../api/order-schema'
import { useRecordCashPayment, useSwitchToCash, useUpdateOrderStatus, useUpdateTrackingNote } from '../api/update-order'
import { customerWhatsAppUrl, orderMailto, orderTel } from '../customer-contact'
import { ConfirmationPanel } from './confirmation-panel'
import { CorrectionsPanel } from './corrections-panel'
import { DeliveryPanel } from './delivery-panel'
import { STATUS_UPDATED, STATUS_UPDATE_FAILED, statusChangeQuestion } from './order-status-select'
import { PhoneRecordPanel } from './phone-record-panel'
import { RefundPanel } from './refund-panel'
import own from './order-detail.module.css'
import { PackingSlip } from './packing-slip'

export const ORDER_NOT_FOUND = 'Commande introuvable'
export const ORDER_LOAD_FAILED = 'Erreur lors du chargement des détails de la commande'
export const TRACKING_SAVED = 'Note de suivi enregistrée'
export const TRACKING_SAVE_FAILED = "Erreur lors de l'enregistrement de la note de suivi"
export const PAYMENT_RECORDED = 'Paiement enregistré'
export const PAYMENT_RECORD_FAILED = "Erreur lors de l'enregistrement du paiement"
export const SWITCHED_TO_CASH = 'Commande passée au paiement à la livraison'
export const SWITCH_FAILED = 'Erreur lors du changement de mode de paiement'
export const TRACKING_NOTE_MAX = 500
export const VISIBLE_TO_CUSTOMER = 'visible par le client'
export const INTERNAL_NOTE = 'interne'

/** /admin/orders/{id}: everything about one order, its status, its customer, and its packing slip. */
export function OrderDetailPage({ orderId }: { orderId: string }) {
  const order = useAdminOrder(orderId)
  const notFound = isNotFound(order.error)
  const loadError = notFound ? ORDER_NOT_FOUND : adminErrorMessage(order.error, ORDER_LOAD_FAILED)
  useErrorToast(order.isError, order.errorUpdatedAt, loadError)
  usePageMeta({ title: order.data ? `Commande ${order.data.orderNumber} – Administration` : 'Commande – Administration', noindex: true })
  usePrintOnArrival(order.isSuccess)

  if (order.isPending) return <PageSpinner label="Chargement de la commande…" />
  if (order.isError) {
    return (
      <section className={styles.page}>
        <PageHeader title={notFound ? ORDER_NOT_FOUND : 'Commande'} actions={<BackLink />} />
        <LoadError message={loadError} onRetry={notFound ? undefined : () => void order.refetch()} />
      </section>
    )
  }
  return <OrderDetail order={order.data} />
}

function BackLink() {
  return <ButtonLink to="/admin/orders" variant="secondary">← Retour aux commandes</ButtonLink>
}

/** `?print=1` (the list's Imprimer link): the print dialog opens once the order is shown. */
function usePrintOnArrival(ready: boolean) {
  const [params, setParams] = useSearchParams()
  const wanted = params.get('print') === '1'
  useEffect(() => {
    if (!ready || !wanted) return
    const next = new URLSearchParams(params)
    next.delete('print')
    setParams(next, { replace: true })
    window.print()
  }, [ready, wanted, params, setParams])
}

function OrderDetail({ order }: { order: AdminOrder }) {
  return (
    <>
      <section className={`${styles.page} ${own.screen}`}>
        <PageHeader
          title={<>Commande <span className="nowrap">{order.orderNumber}</span></>}
          subtitle={`Passée le ${formatDate(order.createdAt, { withTime: true })}`}
          actions={
            <>
              <BackLink />
              <Button variant="secondary" onClick={() => window.print()}>Imprimer le bon de livraison</Button>
              {order.invoiceable ? <ButtonLink to={`/admin/orders/${order.id}/facture`} variant="secondary">Facture</ButtonLink> : null}
            </>
          }
        />
        <OrderProgress status={order.status} />
        <div className={own.grid}>
          <div className={own.main}>
            <Items order={order} />
            <CorrectionsPanel key={order.status} order={order} />
            <History order={order} />
            <OrderWhatsApp orderId={order.id} phone={order.shippingInfo.phone} />
            <OrderMessages orderId={order.id} />
            <EntityJournal targetType="order" targetId={order.id} watch={order} />
          </div>
          <div className={own.side}>
            <ConfirmationPanel order={order} />
            <StatusForm order={order} />
            <DeliveryPanel order={order} />
            <Customer order={order} />
            {isE164(order.shippingInfo.phone) ? <PhoneRecordPanel phone={order.shippingInfo.phone} /> : null}
            <Payment order={order} />
            <RefundPanel order={order} />
            <TrackingForm key={order.trackingNote ?? ''} order={order} />
          </div>
        </div>
      </section>
      <PackingSlip order={order} />
    </>
  )
}

/** A phone stored in E.164 has a record; one kept as typed long ago has none to show. */
const isE164 = (phone: string) => /^\+\d{8,15}$/.test(phone)

const PROGRESS_STEPS = ['pending', 'processing', 'shipped', 'delivered'] as const

/** 25 / 50 / 75 / 100 %; a cancelled or refused order is a full red bar. */
export function OrderProgress({ status }: { status: string }) {
  const percent = isOrderStatus(status) ? ORDER_PROGRESS[status] : 0
  const cancelled = isStoppedOrder(status)
  return (
    <div className={styles.panel}>
      <div
        className={own.track}
        role="progressbar"
        aria-label="Avancement de la commande"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${orderStatusLabel(status)} (${percent} %)`}
      >
        <div className={`${own.bar} ${cancelled ? own.barCancelled : ''}`} style={{ width: `${percent}%` }} />
      </div>
      {cancelled ? (
        <p className={own.cancelled}>{status === 'refused' ? 'Commande refusée à la livraison' : 'Commande annulée'}</p>
      ) : (
        <ol className={own.steps}>
          {PROGRESS_STEPS.map((step) => (
            <li key={step} className={ORDER_PROGRESS[step] <= percent ? own.stepDone : undefined}>
              {ORDER_STATUS_LABELS[step]}
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}

function Items({ order }: { order: AdminOrder }) {
  return (
    <section className={styles.panel} aria-labelledby="order-items">
      <h2 id="order-items" className={styles.panelTitle}>Articles</h2>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Article</th>
            <th scope="col">Couleur</th>
            <th scope="col">Taille</th>
            <th scope="col" className={styles.num}>Qté</th>
            <th scope="col" className={styles.num}>Prix</th>
            <th scope="col" className={styles.num}>Total</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item, index) => (
            <tr key={`${item.productId}-${item.color}-${item.size}-${index}`}>
              <td data-label="Article">
                <span className={own.item}>
                  <img src={smallestImage(item.image)} alt="" width={56} height={56} loading="lazy" className={own.thumb} />
                  {item.name}
                </span>
              </td>
              <td data-label="Couleur">{item.color}</td>
              <td data-label="Taille">{item.size === 'unique' ? 'Taille unique' : item.size}</td>
              <td data-label="Qté" className={styles.num}>{item.quantity}</td>
              <td data-label="Prix" className={styles.num}>{formatPrice(item.price)}</td>
              <td data-label="Total" className={styles.num}>{formatPrice(item.price * item.quantity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className={own.totals}>
        <dt>Sous-total</dt>
        <dd>{formatPrice(order.subtotal)}</dd>
        <dt>Livraison ({shippingMethodLabel(order.shippingMethod)})</dt>
        <dd>{order.shippingCost === 0 ? 'Gratuite' : formatPrice(order.shippingCost)}</dd>
        {order.discount > 0 ? (
          <>
            <dt>Remise{order.promoCode ? ` (${order.promoCode})` : ''}</dt>
            <dd>{formatDiscount(order.discount)}</dd>
          </>
        ) : null}
        <dt className={own.grand}>Total</dt>
        <dd className={own.grand}>{formatPrice(order.total)}</dd>
      </dl>
    </section>
  )
}

function History({ order }: { order: AdminOrder }) {
  return (
    <section className={styles.panel} aria-labelledby="order-history">
      <h2 id="order-history" className={styles.panelTitle}>Historique</h2>
      {order.statusHistory.length === 0 ? (
        <p className={styles.muted}>Aucun changement enregistré.</p>
      ) : (
        <ol className={own.history} aria-label="Historique des statuts">
          {order.statusHistory.map((entry, index) => (
            <li key={`${entry.date}-${index}`}>
              <OrderStatusBadge status={entry.status} />
              <span className={own.when}>{formatDate(entry.date, { withTime: true })}</span>
              <span className={own.by}>par {entry.by}</span>
              {entry.note ? (
                <p className={own.note}>
                  {entry.note}{' '}
                  <span className={entry.customerVisible ? own.shown : own.internal}>
                    {entry.customerVisible ? VISIBLE_TO_CUSTOMER : INTERNAL_NOTE}
                  </span>
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

function StatusForm({ order }: { order: AdminOrder }) {
  const update = useUpdateOrderStatus()
  const toast = useToast()
  const confirm = useConfirm()
  const [status, setStatus] = useState(order.status)
  const [note, setNote] = useState('')
  const [customerVisible, setCustomerVisible] = useState(false)
  const ids = { status: useId(), note: useId(), visible: useId() }
  // The order changed (here or elsewhere): the form starts from its new status.
  const seen = useRef(order.status)
  if (seen.current !== order.status) {
    seen.current = order.status
    setStatus(order.status)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!(await confirm(statusChangeQuestion(order.orderNumber, status)))) return
    update.mutate(
      { id: order.id, status, note, customerVisible },
      {
        onSuccess: () => {
          setNote('')
          setCustomerVisible(false)
          toast.success(STATUS_UPDATED)
        },
        onError: (error) => toast.error(adminErrorMessage(error, STATUS_UPDATE_FAILED)),
      },
    )
  }

  return (
    <form className={styles.panel} onSubmit={(event) => void submit(event)} aria-labelledby="order-status">
      <h2 id="order-status" className={styles.panelTitle}>Statut</h2>
      <p className={own.current}>Actuel : <OrderStatusBadge status={order.status} /></p>
      <div className={own.stack}>
        <label className={styles.control} htmlFor={ids.status}>
          Nouveau statut
          <select id={ids.status} className={styles.input} value={status} onChange={(e) => setStatus(e.target.value)}>
            {ORDER_STATUSES.map((value) => (
              <option key={value} value={value}>{ORDER_STATUS_LABELS[value]}</option>
            ))}
          </select>
        </label>
        <label className={styles.control} htmlFor={ids.note}>
          Note pour l’historique (facultatif)
          <textarea
            id={ids.note}
            className={styles.input}
            rows={2}
            maxLength={TRACKING_NOTE_MAX}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </label>
        <CheckboxField
          id={ids.visible}
          label={<>Visible par le client <span className={styles.muted}>(sinon la note reste interne)</span></>}
          checked={customerVisible}
          onChange={(e) => setCustomerVisible(e.target.checked)}
        />
        <Button type="submit" disabled={status === order.status || update.isPending}>
          {update.isPending ? 'Mise à jour…' : 'Mettre à jour le statut'}
        </Button>
      </div>
    </form>
  )
}

function Customer({ order }: { order: AdminOrder }) {
  const info = order.shippingInfo
  const whatsapp = customerWhatsAppUrl(order)
  return (
    <section className={styles.panel} aria-labelledby="order-customer">
      <h2 id="order-customer" className={styles.panelTitle}>Client</h2>
      <address className={own.address}>
        <strong>{info.firstName} {info.lastName}</strong>
        {info.address ? <span>{info.address}</span> : null}
        <span data-testid={info.communeName ? 'order-commune' : undefined}>{placeLine(info)}</span>
        {info.landmark ? <span>Point de repère : {info.landmark}</span> : null}
        {info.notes ? <span>Instructions : {info.notes}</span> : null}
        <span>{info.country}</span>
      </address>
      <p className={own.contactLine}>{formatPhone(info.phone)}{info.email ? <><br />{info.email}</> : null}</p>
      <div className={own.contact}>
        {info.phone ? <a href={orderTel(order)} className={styles.iconButton}>Appeler</a> : null}
        {whatsapp ? (
          <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={styles.iconButton}>WhatsApp</a>
        ) : null}
        {info.email ? <a href={orderMailto(order)} className={styles.iconButton}>E-mail</a> : null}
      </div>
    </section>
  )
}

function Payment({ order }: { order: AdminOrder }) {
  const record = useRecordCashPayment()
  const switchToCash = useSwitchToCash()
  const confirm = useConfirm()
  const toast = useToast()
  const paid = order.paymentInfo.status === 'paid'
  // Cash changes hands at the door: it is received once the parcel is delivered (the server
  // refuses it before, `order_not_delivered`).
  const canRecord = useCan()(PERMISSIONS.handleMoney) && isCashOnDelivery(order.paymentMethod) && !paid && order.status === 'delivered'
  const due = order.amountDue ?? order.total

  const recordCash = async () => {
    const ok = await confirm({
      title: 'Paiement reçu',
      text: <>Confirmer l’encaissement de {formatPrice(due)} pour la commande <span className="nowrap">{order.orderNumber}</span> ?</>,
      confirmLabel: 'Confirmer',
    })
    if (!ok) return
    record.mutate(order.id, {
      onSuccess: () => toast.success(PAYMENT_RECORDED),
      onError: (error) => toast.error(adminErrorMessage(error, PAYMENT_RECORD_FAILED)),
    })
  }

  const payAtDoor = async () => {
    const ok = await confirm({
      title: 'Passer au paiement à la livraison',
      text: <>La commande <span className="nowrap">{order.orderNumber}</span> sera payée en espèces au livreur ({formatPrice(order.total)}). Le client reçoit la demande de confirmation.</>,
      confirmLabel: 'Passer au paiement à la livraison',
    })
    if (!ok) return
    switchToCash.mutate(order.id, {
      onSuccess: () => toast.success(SWITCHED_TO_CASH),
      onError: (error) => toast.error(adminErrorMessage(error, SWITCH_FAILED)),
    })
  }

  return (
    <section className={styles.panel} aria-labelledby="order-payment">
      <h2 id="order-payment" className={styles.panelTitle}>Paiement</h2>
      <dl className={own.facts}>
        <dt>Moyen</dt>
        <dd>{paymentMethodLabel(order.paymentMethod)}</dd>
        <dt>État</dt>
        <dd>
          <span className={`${styles.badge} ${paid ? styles.good : styles.warn}`}>{paymentStatusLabel(order.paymentInfo.status)}</span>
          {paid && order.paymentInfo.paidAt ? <span className={styles.muted}> le {formatDate(order.paymentInfo.paidAt, { withTime: true })}</span> : null}
        </dd>
        <MoneyLines order={order} />
        <dt>Livraison</dt>
        <dd>{shippingMethodLabel(order.shippingMethod)}</dd>
        <dt>Canal</dt>
        <dd>{order.channelLabel}{order.source ? ` (campagne ${order.source})` : ''}</dd>
      </dl>
      {canRecord ? (
        <Button variant="secondary" block onClick={() => void recordCash()} disabled={record.isPending}>
          Paiement reçu ({formatPrice(due)})
        </Button>
      ) : null}
      {order.switchToCash ? (
        <Button variant="secondary" block onClick={() => void payAtDoor()} disabled={switchToCash.isPending}>
          Passer au paiement à la livraison
        </Button>
      ) : null}
    </section>
  )
}

/** Payé / Reste à payer / À rembourser, once a correction made them differ from the total. */
function MoneyLines({ order }: { order: AdminOrder }) {
  const paid = order.amountPaid ?? 0
  const due = order.amountDue ?? 0
  const overpaid = order.overpaid ?? 0
  if (paid === 0 || (due === 0 && overpaid === 0)) return null
  return (
    <>
      <dt>Payé</dt>
      <dd data-testid="order-amount-paid">{formatPrice(paid)}</dd>
      {due > 0 ? (
        <>
          <dt>Reste à payer</dt>
          <dd data-testid="order-amount-due">{formatPrice(due)}</dd>
        </>
      ) : null}
      {overpaid > 0 ? (
        <>
          <dt>À rembourser</dt>
          <dd data-testid="order-overpaid">{formatPrice(overpaid)}</dd>
        </>
      ) : null}
    </>
  )
}

function TrackingForm({ order }: { order: AdminOrder }) {
  const saved = order.trackingNote ?? ''
  const [note, setNote] = useState(saved)
  const update = useUpdateTrackingNote()
  const toast = useToast()
  const id = useId()
  const changed = note.trim() !== saved.trim()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    update.mutate(
      { id: order.id, trackingNote: note },
      {
        onSuccess: () => toast.success(TRACKING_SAVED),
        onError: (error) => toast.error(adminErrorMessage(error, TRACKING_SAVE_FAILED)),
      },
    )
  }

  return (
    <form className={styles.panel} onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.panelTitle}>Suivi de livraison</h2>
      <div className={own.stack}>
        <label className={styles.control} htmlFor={id}>
          Note de suivi (facultatif)
          <textarea
            id={id}
            className={styles.input}
            rows={2}
            maxLength={TRACKING_NOTE_MAX}
            placeholder="Ex. : colis remis au livreur Moussa, réf. 4411"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            aria-describedby={`${id}-hint`}
          />
        </label>
        <p id={`${id}-hint`} className={styles.muted}>
          Le transporteur ou la référence du colis, tels que vous les connaissez. Laissez vide s’il n’y en a pas.
        </p>
        <Button type="submit" variant="secondary" disabled={!changed || update.isPending}>Enregistrer la note</Button>
      </div>
    </form>
  )
}

