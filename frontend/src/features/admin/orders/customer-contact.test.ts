import { describe, expect, it } from 'vitest'
import { makeAdminOrder } from '@/testing/admin'
import { customerWhatsAppMessage, customerWhatsAppUrl, orderMailto, orderTel } from './customer-contact'

describe('contacting the customer of an order', () => {
  const order = makeAdminOrder({ orderNumber: 'ORD-123456-7890', total: 35000 })

  it('calls the number typed at checkout', () => {
    expect(orderTel(order)).toBe('tel:+221771234567')
  })

  it('writes an e-mail with the order number in the subject', () => {
    expect(orderMailto(order)).toBe(`mailto:awa@example.sn?subject=${encodeURIComponent('Votre commande ORD-123456-7890 – Bitik Dakar')}`)
  })

  it('prefills a French WhatsApp message that fits the status', () => {
    expect(customerWhatsAppMessage(order)).toBe(
      'Bonjour Awa, Bitik Dakar au sujet de votre commande ORD-123456-7890 (35 000 FCFA). ' +
        'Nous vous contactons pour confirmer votre commande et convenir de la livraison.',
    )
    expect(customerWhatsAppMessage({ ...order, status: 'shipped', trackingNote: 'livreur Moussa, réf. 4411' })).toContain(
      'Votre commande est en route (livreur Moussa, réf. 4411).',
    )
    expect(customerWhatsAppMessage({ ...order, status: 'shipped', trackingNote: '' })).toContain('Votre commande est en route.')
  })

  it('opens WhatsApp on the customer’s number in international form', () => {
    const url = customerWhatsAppUrl(order)
    expect(url).toBe(`https://wa.me/221771234567?text=${encodeURIComponent(customerWhatsAppMessage(order))}`)
    expect(customerWhatsAppUrl({ ...order, shippingInfo: { ...order.shippingInfo, phone: '12' } })).toBeNull()
  })
})
