import { describe, expect, it } from 'vitest'
import { pageShopData, shop, shopOf, SHOP_ELEMENT_ID, whatsappHref } from './shop'

describe('the shop, as the server writes it into the page', () => {
  it('is read from the page’s #shop element, GET /api/shop’s answer (testing/page-shop.ts writes the default one)', () => {
    expect(SHOP_ELEMENT_ID).toBe('shop')
    expect(shop).toEqual({
      name: 'Bitik Dakar',
      phone: '+221 77 000 00 00',
      whatsapp: '221770000000',
      email: 'contact@bitik.sn',
      address: 'Parcelles Assainies, Dakar, Sénégal',
      hours: 'Lundi - Samedi : 9h - 19h',
      legalId: '',
      social: {
        instagram: 'https://www.instagram.com/bitikdakar',
        facebook: 'https://www.facebook.com/bitikdakar',
        tiktok: 'https://www.tiktok.com/@bitikdakar',
      },
    })
    expect(whatsappHref).toBe('https://wa.me/221770000000')
  })

  it('reads another shop from another page, with no copy of its own', () => {
    const page = document.implementation.createHTMLDocument('')
    page.head.innerHTML =
      '<script type="application/json" id="shop">{"name":"Teranga \\u003c/script\\u003e Wear","phone":"+221 33 800 00 00",' +
      '"social":{"instagram":"","facebook":"https://facebook.com/teranga","tiktok":""}}</script>'
    const other = shopOf(pageShopData(page))
    expect(other.name).toBe('Teranga </script> Wear')
    expect(other.phone).toBe('+221 33 800 00 00')
    expect(other.social).toEqual({ instagram: '', facebook: 'https://facebook.com/teranga', tiktok: '' })
    expect(other.hours).toBe('')
  })

  it('has no shop of its own without the element or with one it cannot read', () => {
    const page = document.implementation.createHTMLDocument('')
    expect(pageShopData(page)).toBeNull()
    page.head.innerHTML = '<script type="application/json" id="shop">{not json</script>'
    expect(pageShopData(page)).toBeNull()
    expect(shopOf(null).name).toBe('')
  })
})
