// Reaching the customer of an order: a call, an e-mail, or WhatsApp (click-to-chat until a
// WhatsApp adapter sends the messages itself). The WhatsApp buttons say the words of the
// matching message, rendered by the server (`chat` of the admin's order): no copy here.
import { shop } from '@/lib/shop'
import { toWhatsAppNumber, whatsAppUrl } from '@/lib/whatsapp'
import type { AdminOrder } from './api/order-schema'

type Chattable = Pick<AdminOrder, 'shippingInfo' | 'chat'>

/** mailto: with the order number in the subject. */
export function orderMailto(order: Pick<AdminOrder, 'orderNumber' | 'shippingInfo'>): string {
  const subject = `Votre commande ${order.orderNumber} – ${shop.name}`
  return `mailto:${order.shippingInfo.email}?subject=${encodeURIComponent(subject)}`
}

/** tel: with the number as typed, spaces removed. */
export function orderTel(order: Pick<AdminOrder, 'shippingInfo'>): string {
  return `tel:${order.shippingInfo.phone.replace(/[^\d+]/g, '')}`
}

/** wa.me on the customer's number (E.164 without +) with `text`; null without a usable number or text. */
function chatUrl(order: Chattable, text: string | null | undefined): string | null {
  const number = toWhatsAppNumber(order.shippingInfo.phone)
  return number && text ? whatsAppUrl(text, number) : null
}

/** The customer's WhatsApp, prefilled with the message the order's state calls for. */
export function customerWhatsAppUrl(order: Chattable): string | null {
  return chatUrl(order, order.chat?.customer)
}

/** The customer's WhatsApp, prefilled with the request to confirm (with its signed link), while it serves. */
export function confirmationWhatsAppUrl(order: Chattable): string | null {
  return chatUrl(order, order.chat?.confirmation)
}
