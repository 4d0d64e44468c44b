import { afterEach, describe, expect, it, vi } from 'vitest'
import { LINE_LIMIT_MESSAGE } from '@/config/cart'
import { ApiError, GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from '@/lib/api-client'
import { fieldErrors } from '@/lib/form'
import { TEST_ZONES } from '@/testing/delivery'
import {
  CHECKOUT_MESSAGES,
  cashRefusal,
  DEFAULT_PAYMENT_METHOD,
  FIELD_REQUIRED,
  deliveryDefaults,
  deliverySchema,
  deliverySummary,
  estimateOrder,
  idempotencyKeys,
  inAddressBook,
  newIdempotencyKey,
  offersToKeepAddress,
  orderFailureMessage,
  orderRequest,
  paymentError,
  type CheckoutLine,
  type DeliveryValues,
} from './checkout-model'
import { frenchSpacing } from '@/lib/typography'

const valid: DeliveryValues = {
  firstName: 'Awa',
  lastName: 'Diop',
  email: 'awa@example.sn',
  phone: '77 123 45 67',
  address: 'Rue 11 x 22',
  commune: 'medina',
  landmark: 'En face du marché Tilène',
  notes: '',
  shippingMethod: 'standard',
}

const [ville, , loin] = TEST_ZONES as [(typeof TEST_ZONES)[0], (typeof TEST_ZONES)[0], (typeof TEST_ZONES)[0]]

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('step 1: the delivery form', () => {
  it('accepts a complete form', () => {
    expect(fieldErrors(deliverySchema, valid)).toEqual({})
  })

  it('requires names, phone, and for a delivery the address, the commune and a landmark; the summary is the seed sentence', () => {
    const errors = fieldErrors(deliverySchema, {
      ...valid,
      firstName: ' ',
      lastName: '',
      email: '',
      phone: '',
      address: '',
      commune: '',
      landmark: ' ',
    })
    expect(errors).toEqual({
      firstName: FIELD_REQUIRED,
      lastName: FIELD_REQUIRED,
      phone: FIELD_REQUIRED,
      address: FIELD_REQUIRED,
      commune: FIELD_REQUIRED,
      landmark: FIELD_REQUIRED,
    })
    expect(deliverySummary(errors)).toBe('Veuillez remplir tous les champs obligatoires')
  })

  it('takes no e-mail (a customer is their phone), but an e-mail given must be one', () => {
    expect(fieldErrors(deliverySchema, { ...valid, email: '  ' })).toEqual({})
    expect(fieldErrors(deliverySchema, { ...valid, email: 'awa@' })).toEqual({ email: 'Veuillez entrer une adresse email valide' })
  })

  it('asks no address, commune or landmark for pickup at the shop', () => {
    expect(fieldErrors(deliverySchema, { ...valid, shippingMethod: 'pickup', address: '', commune: '', landmark: '' })).toEqual({})
  })

  it('holds the landmark to 200 characters and the notes to 500', () => {
    const errors = fieldErrors(deliverySchema, { ...valid, landmark: 'l'.repeat(201), notes: 'n'.repeat(501) })
    expect(errors).toEqual({
      landmark: 'Ce champ ne peut pas dépasser 200 caractères',
      notes: 'Ce champ ne peut pas dépasser 500 caractères',
    })
  })

  it('refuses an invalid e-mail with the seed message', () => {
    const errors = fieldErrors(deliverySchema, { ...valid, email: 'awa@example' })
    expect(errors).toEqual({ email: 'Veuillez entrer une adresse email valide' })
    expect(deliverySummary(errors)).toBe('Veuillez entrer une adresse email valide')
  })

  it.each([
    ['77 123 45 67', true],
    ['+221 77 123 45 67', true], // how Senegalese numbers are written
    ['+221771234567', true],
    ['(+221) 77-123-45-67', true],
    ['771234567', true],
    ['+33 6 12 34 56 78', true], // another country's, in international form
    ['(221) 77-123-45', false], // 8 digits after 221
    ['7712345', false], // 7 digits
    ['77123456', false], // 8: not a number of Senegal's plan (the server's rule)
    ['7712345678', false], // 10
    ['123456789012345', false], // without a country code, a Senegalese number, which this is not
    ['1234567890123456', false], // 16
    ['77 123 45 6a', false],
    ['77.123.45.67', true],
    ['00221 77-123-45-67', true],
    ['abc', false],
    ['12', false],
  ])('phone %s is %s', (phone, ok) => {
    const errors = fieldErrors(deliverySchema, { ...valid, phone })
    expect(errors).toEqual(ok ? {} : { phone: 'Veuillez entrer un numéro de téléphone valide' })
  })

  it('a required field missing wins the summary over other messages', () => {
    expect(deliverySummary({ email: CHECKOUT_MESSAGES.emailInvalid, landmark: FIELD_REQUIRED })).toBe(CHECKOUT_MESSAGES.requiredFields)
    expect(deliverySummary({})).toBeNull()
  })
})

describe('prefill', () => {
  const profile = {
    firstName: 'Awa',
    lastName: 'Diop',
    email: 'awa@example.sn',
    phone: '77 123 45 67',
    address: 'Rue 10',
  }

  it('takes the profile and standard delivery by default, and the commune chosen in the cart', () => {
    expect(deliveryDefaults(profile, null, 'yoff')).toEqual({
      firstName: 'Awa',
      lastName: 'Diop',
      email: 'awa@example.sn',
      phone: '77 123 45 67',
      address: 'Rue 10',
      commune: 'yoff',
      landmark: '',
      notes: '',
      shippingMethod: 'standard',
    })
  })

  it("takes the default address of the address book first, its commune and landmark, the profile's e-mail always", () => {
    const address = {
      firstName: 'Moussa',
      lastName: 'Ndiaye',
      phone: '78 000 11 22',
      address: 'Cité Avion, villa 48',
      commune: 'ouakam',
      landmark: 'Derrière la mosquée de la Divinité',
    }
    expect(deliveryDefaults(profile, address, 'yoff')).toEqual({
      firstName: 'Moussa',
      lastName: 'Ndiaye',
      email: 'awa@example.sn',
      phone: '78 000 11 22',
      address: 'Cité Avion, villa 48',
      commune: 'ouakam',
      landmark: 'Derrière la mosquée de la Divinité',
      notes: '',
      shippingMethod: 'standard',
    })
  })

  it('prefills a saved phone as it is dialled in Senegal', () => {
    expect(deliveryDefaults({ ...profile, phone: '+221771234567' }).phone).toBe('77 123 45 67')
    expect(deliveryDefaults({ ...profile, phone: '77 123 45 67' }).phone).toBe('77 123 45 67')
    // Not a phone number either way: left as it is, for the shopper to correct.
    expect(deliveryDefaults({ ...profile, phone: 'appelez-moi' }).phone).toBe('appelez-moi')
  })

  it('leaves empty what nobody knows', () => {
    expect(deliveryDefaults({ firstName: 'Awa', lastName: 'Diop', email: 'awa@example.sn' })).toMatchObject({
      phone: '',
      address: '',
      commune: '',
      landmark: '',
    })
  })
})

describe('step 2: payment', () => {
  it('defaults to Wave and requires one of the two methods', () => {
    expect(DEFAULT_PAYMENT_METHOD).toBe('wave')
    expect(paymentError('wave')).toBeNull()
    expect(paymentError('cash_on_delivery')).toBeNull()
    expect(paymentError('')).toBe('Veuillez sélectionner une méthode de paiement')
    expect(paymentError('card')).toBe('Veuillez sélectionner une méthode de paiement')
  })

  it('refuses cash on delivery where the zone takes none, never for pickup', () => {
    const refused = frenchSpacing('Le paiement à la livraison n’est pas proposé dans la zone Régions test : veuillez payer avec Wave.')
    expect(cashRefusal(loin, 'standard')).toBe(refused)
    expect(paymentError('cash_on_delivery', loin, 'standard')).toBe(refused)
    expect(paymentError('wave', loin, 'standard')).toBeNull()
    expect(paymentError('cash_on_delivery', loin, 'pickup')).toBeNull()
    expect(paymentError('cash_on_delivery', ville, 'express')).toBeNull()
  })
})

describe('what is sent and what is shown before confirming', () => {
  const lines: CheckoutLine[] = [
    { key: 'i1', productId: 'p1', name: 'T-shirt', unitPrice: 8000, quantity: 2, size: 'M', color: 'noir' },
    { key: 'i2', productId: 'p2', name: 'Chaîne', unitPrice: 5000, quantity: 1, size: 'unique', color: 'argent' },
  ]

  it('sends the choices and the trimmed form, never a price, total or number', () => {
    const request = orderRequest(lines, { ...valid, firstName: '  Awa ', shippingMethod: 'express' }, 'cash_on_delivery')
    expect(request).toEqual({
      items: [
        { productId: 'p1', quantity: 2, size: 'M', color: 'noir' },
        { productId: 'p2', quantity: 1, size: 'unique', color: 'argent' },
      ],
      shippingInfo: {
        firstName: 'Awa',
        lastName: 'Diop',
        email: 'awa@example.sn',
        phone: '77 123 45 67',
        address: 'Rue 11 x 22',
        commune: 'medina',
        landmark: 'En face du marché Tilène',
        notes: '',
      },
      shippingMethod: 'express',
      paymentMethod: 'cash_on_delivery',
    })
    expect(JSON.stringify(request)).not.toMatch(/price|total|subtotal|orderNumber/i)
  })

  it("estimates the fee by the commune's zone: standard free from its threshold, express never, pickup free", () => {
    // Ville test: standard 1 200 free from 30 000, express 2 200.
    expect(estimateOrder(29_999, 'standard', ville)).toEqual({ subtotal: 29_999, shippingCost: 1200, discount: 0, total: 31_199 })
    expect(estimateOrder(30_000, 'standard', ville)).toEqual({ subtotal: 30_000, shippingCost: 0, discount: 0, total: 30_000 })
    expect(estimateOrder(80_000, 'express', ville)).toEqual({ subtotal: 80_000, shippingCost: 2200, discount: 0, total: 82_200 })
    expect(estimateOrder(1000, 'pickup', null)).toEqual({ subtotal: 1000, shippingCost: 0, discount: 0, total: 1000 })
  })

  it("takes the promo code's discount off the lines, never off delivery", () => {
    expect(estimateOrder(29_999, 'standard', ville, 3_000)).toEqual({ subtotal: 29_999, shippingCost: 1200, discount: 3_000, total: 28_199 })
  })

  it('sends the promo code applied in the cart, and none when there is none', () => {
    const lines = [{ key: 'i', productId: 'p1', name: 'T', unitPrice: 1, quantity: 1, size: 'M', color: 'noir' }]
    expect(orderRequest(lines, valid, 'cash_on_delivery', 'NOEL10').promoCode).toBe('NOEL10')
    expect('promoCode' in orderRequest(lines, valid, 'cash_on_delivery')).toBe(false)
  })

  it('has no fee while the commune is unknown, nor for express where the zone has none', () => {
    expect(estimateOrder(5000, 'standard', null)).toEqual({ subtotal: 5000, shippingCost: null, discount: 0, total: 5000 })
    expect(estimateOrder(5000, 'express', loin).shippingCost).toBeNull()
  })
})

describe('failures', () => {
  it("shows the server's message when it gave one", () => {
    const stock = 'Stock insuffisant pour T-shirt (noir, M). Seulement 1 disponible(s).'
    expect(orderFailureMessage(new ApiError(409, 'insufficient_stock', stock))).toBe(stock)
    expect(orderFailureMessage(new ApiError(400, 'empty_order', CHECKOUT_MESSAGES.emptyCart))).toBe(CHECKOUT_MESSAGES.emptyCart)
  })

  it("shows the server's caps as it words them: units per line, orders awaiting payment", () => {
    const cap = "Vous avez déjà 3 commandes en attente de paiement. Payez ou annulez l'une d'elles avant d'en passer une nouvelle."
    expect(orderFailureMessage(new ApiError(409, 'too_many_open_orders', cap))).toBe(cap)
    expect(orderFailureMessage(new ApiError(409, 'quantity_limit', LINE_LIMIT_MESSAGE))).toBe(LINE_LIMIT_MESSAGE)
  })

  it('otherwise the checkout sentence: no message, a server failure, no answer', () => {
    const fallback = 'Une erreur est survenue lors de la création de la commande. Veuillez réessayer.'
    expect(orderFailureMessage(new ApiError(400, 'http_error', GENERIC_ERROR_MESSAGE))).toBe(fallback)
    expect(orderFailureMessage(new ApiError(500, 'internal', 'Erreur interne du serveur'))).toBe(fallback)
    expect(orderFailureMessage(new ApiError(0, 'network_error', NETWORK_ERROR_MESSAGE))).toBe(fallback)
    expect(orderFailureMessage(new Error('boom'))).toBe(fallback)
  })
})

describe('Idempotency-Key', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('keeps one key for the same submission and makes a new one when it changes', () => {
    let n = 0
    const keyFor = idempotencyKeys(() => `key-${++n}`)
    const request = orderRequest([{ key: 'i', productId: 'p1', name: 'T', unitPrice: 1, quantity: 1, size: 'M', color: 'noir' }], valid, 'cash_on_delivery')
    expect(keyFor(request)).toBe('key-1')
    expect(keyFor({ ...request })).toBe('key-1')
    expect(keyFor({ ...request, shippingMethod: 'pickup' })).toBe('key-2')
    expect(keyFor(request)).toBe('key-3')
  })

  it('is a v4 UUID, with or without crypto.randomUUID (plain http has none)', () => {
    expect(newIdempotencyKey()).toMatch(UUID_V4)
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) })
    const keys = new Set(Array.from({ length: 20 }, () => newIdempotencyKey()))
    expect([...keys].every((key) => UUID_V4.test(key))).toBe(true)
    expect(keys.size).toBe(20)
  })
})

describe('keeping the address in the book', () => {
  const book = [{ address: 'Rue 11 x 22', commune: 'medina', landmark: 'En face du marché Tilène' }]
  const delivery = { ...valid, address: '  rue 11  X 22 ', commune: 'medina', landmark: 'en face du marché tilène', shippingMethod: 'standard' }

  it('knows an address of the book, whatever the case and the spaces', () => {
    expect(inAddressBook(delivery, book)).toBe(true)
    expect(inAddressBook({ ...delivery, landmark: 'Derrière la poste' }, book)).toBe(false)
    expect(inAddressBook({ ...delivery, commune: 'yoff' }, book)).toBe(false)
    expect(inAddressBook(delivery, [])).toBe(false)
  })

  it('offers to keep a delivery’s new address, never a pickup’s, nor without the book', () => {
    expect(offersToKeepAddress({ ...delivery, commune: 'yoff' }, book)).toBe(true)
    expect(offersToKeepAddress(delivery, book)).toBe(false)
    expect(offersToKeepAddress({ ...delivery, shippingMethod: 'pickup' }, [])).toBe(false)
    expect(offersToKeepAddress(delivery, null)).toBe(false)
  })
})
