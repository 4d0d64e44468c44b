// Reaching the customer of an order (by e-mail; the shop phones or writes on
// WhatsApp since there is no online tracking).
import { orderStatusLabel } from '@/config/orders'
import { formatPrice } from '@/lib/format'
import { shop } from '@/lib/shop'
import { toWhatsAppNumber, whatsAppUrl } from '@/lib/whatsapp'
import type { AdminOrder } from './api/order-schema'

type Contactable = Pick<AdminOrder, 'orderNumber' | 'status' | 'total' | 'shippingInfo' | 'trackingNote'>

/** mailto: with the order number in the subject. */
export function orderMailto(order: Pick<AdminOrder, 'orderNumber' | 'shippingInfo'>): string {
  const subject = `Votre commande ${order.orderNumber} – ${shop.name}`
  return `mailto:${order.shippingInfo.email}?subject=${encodeURIComponent(subject)}`
}

/** tel: with the number as typed, spaces removed. */
export function orderTel(order: Pick<AdminOrder, 'shippingInfo'>): string {
  return `tel:${order.shippingInfo.phone.replace(/[^\d+]/g, '')}`
}

/** What the order's state lets the shop tell the customer, in one sentence. */
function statusSentence(order: Contactable): string {
  switch (order.status) {
    case 'pending':
      return 'Nous vous contactons pour confirmer votre commande et convenir de la livraison.'
    case 'processing':
      return 'Votre commande est en cours de préparation.'
    case 'shipped':
      return order.trackingNote?.trim()
        ? `Votre commande est en route (${order.trackingNote.trim()}).`
        : 'Votre commande est en route.'
    case 'delivered':
      return 'Votre commande a été livrée. Merci pour votre confiance !'
    default:
      return `Statut de votre commande : ${orderStatusLabel(order.status)}.`
  }
}

/** The prefilled WhatsApp message: greeting, order number, total, what is happening. */
export function customerWhatsAppMessage(order: Contactable): string {
  const name = order.shippingInfo.firstName.trim()
  return [
    `Bonjour${name ? ` ${name}` : ''},`,
    `${shop.name} au sujet de votre commande ${order.orderNumber} (${formatPrice(order.total)}).`,
    statusSentence(order),
  ].join(' ')
}

/** wa.me link to the customer's number with the message; null without a usable number. */
export function customerWhatsAppUrl(order: Contactable): string | null {
  const number = toWhatsAppNumber(order.shippingInfo.phone)
  return number ? whatsAppUrl(customerWhatsAppMessage(order), number) : null
}
