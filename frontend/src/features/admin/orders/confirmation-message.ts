// The WhatsApp message that asks the customer to confirm a cash-on-delivery
// order (docs/rules.md#cash-on-delivery): what they ordered, what they will pay
// at the door, where it goes, and the signed link that confirms it in one tap.
import { formatPrice } from '@/lib/format'
import { shop } from '@/lib/shop'
import { toWhatsAppNumber, whatsAppUrl } from '@/lib/whatsapp'
import type { AdminOrder } from './api/order-schema'

type Confirmable = Pick<AdminOrder, 'orderNumber' | 'items' | 'total' | 'shippingInfo' | 'shippingMethod' | 'confirmationLink'>

function itemLine(item: AdminOrder['items'][number]): string {
  const size = item.size === 'unique' ? 'taille unique' : item.size
  return `- ${item.quantity} × ${item.name} (${item.color}, ${size})`
}

/** Where the parcel goes, as the courier will look for it: street, commune, then the landmark. */
function deliveryPlace(order: Confirmable): string {
  if (order.shippingMethod === 'pickup') return 'Retrait en boutique'
  const { address, communeName, city, landmark } = order.shippingInfo
  const place = [address, communeName || city].map((part) => (part ?? '').trim()).filter(Boolean).join(', ')
  const near = (landmark ?? '').trim()
  return near ? `${place} (repère : ${near})` : place
}

/** The French text of the confirmation request, in the order the customer reads it. */
export function confirmationWhatsAppText(order: Confirmable): string {
  const name = order.shippingInfo.firstName.trim()
  const lines = [
    `Bonjour${name ? ` ${name}` : ''},`,
    `Merci pour votre commande ${order.orderNumber} chez ${shop.name} :`,
    ...order.items.map(itemLine),
    `Total à payer à la livraison : ${formatPrice(order.total)}`,
    `Livraison : ${deliveryPlace(order)}`,
  ]
  if (order.confirmationLink) lines.push(`Confirmez votre commande en un clic : ${order.confirmationLink}`)
  lines.push('Vous pouvez aussi répondre « OUI » à ce message.')
  return lines.join('\n')
}

/** wa.me on the customer's number (E.164 without +) with the request; null without a usable number. */
export function confirmationWhatsAppUrl(order: Confirmable): string | null {
  const number = toWhatsAppNumber(order.shippingInfo.phone)
  return number ? whatsAppUrl(confirmationWhatsAppText(order), number) : null
}
