import { describe, expect, it } from 'vitest'
import { makeAdminOrder } from '@/testing/admin'
import { confirmationWhatsAppUrl, customerWhatsAppUrl, orderMailto, orderTel } from './customer-contact'

describe('contacting the customer of an order', () => {
  const said = 'Bonjour Awa,\n\nMerci pour votre commande chez Bitik Dakar. Nous l’avons bien reçue.'
  const request = 'Bonjour Awa,\n\nConfirmer ma commande : https://bitik.sn/confirm/abc'
  const order = makeAdminOrder({ orderNumber: 'ORD-123456-7890', total: 35000, chat: { customer: said, confirmation: request } })

  it('calls the number typed at checkout', () => {
    expect(orderTel(order)).toBe('tel:+221771234567')
  })

  it('writes an e-mail with the order number in the subject', () => {
    expect(orderMailto(order)).toBe(`mailto:awa@example.sn?subject=${encodeURIComponent('Votre commande ORD-123456-7890 – Bitik Dakar')}`)
  })

  it('opens WhatsApp on the customer’s number in international form with the server’s words, unchanged', () => {
    expect(customerWhatsAppUrl(order)).toBe(`https://wa.me/221771234567?text=${encodeURIComponent(said)}`)
    expect(confirmationWhatsAppUrl(order)).toBe(`https://wa.me/221771234567?text=${encodeURIComponent(request)}`)
    const local = { ...order, shippingInfo: { ...order.shippingInfo, phone: '77 123 45 67' } }
    expect(new URL(customerWhatsAppUrl(local)!).pathname).toBe('/221771234567')
  })

  it('offers no WhatsApp without a usable number or without the words', () => {
    expect(customerWhatsAppUrl({ ...order, shippingInfo: { ...order.shippingInfo, phone: '12' } })).toBeNull()
    expect(confirmationWhatsAppUrl({ ...order, chat: { customer: said, confirmation: null } })).toBeNull()
    expect(customerWhatsAppUrl({ ...order, chat: undefined })).toBeNull()
  })
})
