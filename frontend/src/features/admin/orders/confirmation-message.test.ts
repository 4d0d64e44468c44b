import { describe, expect, it } from 'vitest'
import { makeAdminOrder } from '@/testing/admin'
import { confirmationWhatsAppText, confirmationWhatsAppUrl } from './confirmation-message'

const LINK = 'https://bitik.sn/confirm/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'

describe('asking the customer to confirm on WhatsApp', () => {
  const order = makeAdminOrder({ orderNumber: 'ORD-2611270042', total: 35000, confirmation: 'awaiting', confirmationLink: LINK })

  it('says what was ordered, the total in FCFA, where it goes and the confirmation link, in French', () => {
    expect(confirmationWhatsAppText(order)).toBe(
      [
        'Bonjour Awa,',
        'Merci pour votre commande ORD-2611270042 chez Bitik Dakar :',
        '- 2 × T-shirt Teranga (noir, M)',
        '- 1 × Chaîne Cubaine (doré, taille unique)',
        'Total à payer à la livraison : 35 000 FCFA',
        'Livraison : Villa 12, Parcelles Assainies U15, Dakar',
        `Confirmez votre commande en un clic : ${LINK}`,
        'Vous pouvez aussi répondre « OUI » à ce message.',
      ].join('\n'),
    )
    expect(confirmationWhatsAppText({ ...order, shippingMethod: 'pickup' })).toContain('Livraison : Retrait en boutique')
    const medina = { ...order.shippingInfo, address: 'Rue 11 x 22', communeName: 'Médina', landmark: 'En face du marché Tilène' }
    expect(confirmationWhatsAppText({ ...order, shippingInfo: medina })).toContain(
      'Livraison : Rue 11 x 22, Médina (repère : En face du marché Tilène)',
    )
  })

  it('opens wa.me on the E.164 number without its + and the text encoded', () => {
    const url = confirmationWhatsAppUrl(order)!
    expect(url).toBe(`https://wa.me/221771234567?text=${encodeURIComponent(confirmationWhatsAppText(order))}`)
    expect(new URL(url).searchParams.get('text')).toContain(LINK)
    expect(confirmationWhatsAppUrl({ ...order, shippingInfo: { ...order.shippingInfo, phone: '12' } })).toBeNull()
  })
})
