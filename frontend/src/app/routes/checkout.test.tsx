import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import { waveBrowser } from '@/features/payments/wave-browser'
import { LOCAL_CART_KEY } from '@/features/cart/local-cart'
import { CHOSEN_COMMUNE_KEY } from '@/lib/chosen-commune'
import { orderKeyOf } from '@/lib/order-keys'
import { mockCartServer, type CatalogueVariant } from '@/testing/cart'
import { makeOrder } from '@/testing/orders'
import { CHECKOUT_URL, makeSession, mockPaymentInit, ORDER_ID, SESSION_ID, storedPendingPayment, storePendingPayment } from '@/testing/payments'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'
import { loggedInAs, makeUser, withoutAsterisk } from '@/testing/users'

const TEE: CatalogueVariant = { productId: 'p1', name: 'T-shirt Yoff Surf Club', slug: 't-shirt-yoff', price: 10000, promoPrice: 8000, size: 'M', color: 'bleu', stock: 4 }
const CHAIN: CatalogueVariant = { productId: 'p2', name: 'Chaîne Gorée', slug: 'chaine-goree', price: 6500, size: 'unique', color: 'argent', stock: 3 }
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

const location = () => screen.getByTestId('location').textContent
const field = (label: string) => screen.getByLabelText(label, withoutAsterisk)
const steps = () => screen.getByRole('list', { name: 'Étapes de la commande' })

interface Placed {
  body: unknown
  key: string | null
}

/** POST /api/orders: answers with `answer(n)` for the n-th call (1-based), records body and key. */
function mockPlaceOrder(answer: (n: number, body: unknown) => Response, onPlaced?: () => void) {
  const calls: Placed[] = []
  server.use(
    http.post('/api/orders', async ({ request }) => {
      const body = await request.json()
      calls.push({ body, key: request.headers.get('Idempotency-Key') })
      const response = answer(calls.length, body)
      if (response.status === 201) onPlaced?.()
      return response
    }),
  )
  return calls
}

function addresses(list: unknown[] = []) {
  server.use(http.get('/api/users/addresses', () => HttpResponse.json({ data: list })))
}

const LANDMARK = 'En face du marché Tilène'

/**
 * The checkout of a logged-in customer who chose Médina in the cart (Ville test:
 * standard 1 200 free from 30 000, express 2 200) and typed a landmark.
 */
async function openCheckout(lines = [{ variant: TEE, quantity: 2 }, { variant: CHAIN, quantity: 1 }], user = makeUser(), { landmark = LANDMARK } = {}) {
  loggedInAs(user)
  const cart = mockCartServer([TEE, CHAIN], lines)
  renderApp('/checkout')
  if (lines.length > 0) {
    await screen.findByRole('heading', { level: 2, name: 'Adresse de livraison' })
    // The fees come from the server's zones.
    await screen.findByTestId('shipping-fee-standard')
    if (landmark && !(field('Point de repère') as HTMLInputElement).value) fireEvent.change(field('Point de repère'), { target: { value: landmark } })
  }
  return cart
}

async function toReview(user: ReturnType<typeof userEvent.setup>, payment: 'Wave' | 'Paiement à la livraison') {
  await user.click(screen.getByRole('button', { name: 'Suivant' }))
  await screen.findByRole('heading', { level: 2, name: 'Mode de paiement' })
  await user.click(screen.getByRole('radio', { name: new RegExp(`^${payment}`) }))
  await user.click(screen.getByRole('button', { name: 'Suivant' }))
  await screen.findByRole('heading', { level: 2, name: 'Récapitulatif de la commande' })
}

/** The addresses checkout added to the book (POST /api/users/addresses), as sent. */
let kept: unknown[] = []

beforeEach(() => {
  sessionStore.clear()
  addresses()
  kept = []
  server.use(
    http.post('/api/users/addresses', async ({ request }) => {
      const input = (await request.json()) as Record<string, unknown>
      kept.push(input)
      return HttpResponse.json({ data: { ...input, id: 'a-new', city: 'Médina', createdAt: '2026-12-08T10:00:00Z' } }, { status: 201 })
    }),
  )
  localStorage.setItem(CHOSEN_COMMUNE_KEY, 'medina')
})

describe('/checkout: step 1, Livraison', () => {
  it('an empty cart sends the shopper to /cart', async () => {
    await openCheckout([])
    await waitFor(() => expect(location()).toBe('/cart'))
    expect(await screen.findByText('Votre panier est vide')).toBeVisible()
  })

  it('shows the three steps, the way back to /cart, and the form prefilled from the profile', async () => {
    await openCheckout()
    const items = within(steps()).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual(['1Livraison', '2Paiement', '3Confirmation'])
    expect(items[0]).toHaveAttribute('aria-current', 'step')
    expect(screen.getByRole('link', { name: '← Retour au panier' })).toHaveAttribute('href', '/cart')
    expect(field('Prénom')).toHaveValue('Awa')
    expect(field('Nom')).toHaveValue('Diop')
    expect(field('Email')).toHaveValue('awa@example.sn')
    expect(field('Téléphone')).toHaveValue('77 123 45 67')
    expect(field('Téléphone')).toHaveAttribute('placeholder', '77 123 45 67')
    expect(field('Adresse')).toHaveValue('Rue 10, Parcelles Assainies')
    expect(field('Commune')).toHaveValue('medina')
    expect(field('Commune')).toHaveAccessibleDescription('Ville test · livraison en 24 h')
    // Dakar has no postcodes: the form asks for a commune and a landmark instead.
    expect(screen.queryByLabelText('Code postal', withoutAsterisk)).not.toBeInTheDocument()
    expect(screen.queryByLabelText('Ville', withoutAsterisk)).not.toBeInTheDocument()
  })

  it('offers the communes grouped by zone, and asks for one when none is known', async () => {
    localStorage.removeItem(CHOSEN_COMMUNE_KEY)
    const user = userEvent.setup()
    await openCheckout()
    const groups = within(field('Commune')).getAllByRole('group')
    expect(groups.map((group) => group.getAttribute('label'))).toEqual(['Ville test', 'Banlieue test', 'Régions test'])
    expect(within(groups[0]!).getAllByRole('option').map((o) => o.textContent)).toEqual(['Médina', 'Yoff'])
    expect(screen.getByTestId('shipping-fee-standard')).toHaveTextContent('')
    expect(screen.getAllByText('Choisissez votre commune pour voir le tarif.')).toHaveLength(2)
    await user.click(screen.getByRole('button', { name: 'Suivant' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Veuillez remplir tous les champs obligatoires')
    expect(field('Commune')).toHaveAccessibleDescription(/Ce champ est requis/)
    await user.selectOptions(field('Commune'), 'pikine-est')
    expect(screen.getByTestId('shipping-fee-standard')).toHaveTextContent('1 800 FCFA')
    expect(localStorage.getItem(CHOSEN_COMMUNE_KEY)).toBe('pikine-est')
  })

  it('prefers the default address of the address book, its commune and landmark', async () => {
    addresses([
      { id: 'a1', label: 'Bureau', firstName: 'Awa', lastName: 'Diop', phone: '70 111 22 33', address: 'Immeuble Kébé, Plateau', city: 'Dakar', commune: 'medina', landmark: 'Près de la poste', isDefault: false, createdAt: '2025-02-01T10:00:00Z' },
      { id: 'a2', label: 'Maison', firstName: 'Moussa', lastName: 'Ndiaye', phone: '78 000 11 22', address: 'Villa 12', city: 'Yoff', commune: 'yoff', communeName: 'Yoff', landmark: 'Derrière la grande mosquée', isDefault: true, createdAt: '2025-02-02T10:00:00Z' },
    ])
    await openCheckout()
    expect(field('Prénom')).toHaveValue('Moussa')
    expect(field('Téléphone')).toHaveValue('78 000 11 22')
    expect(field('Adresse')).toHaveValue('Villa 12')
    expect(field('Commune')).toHaveValue('yoff')
    expect(field('Point de repère')).toHaveValue('Derrière la grande mosquée')
    expect(field('Email')).toHaveValue('awa@example.sn')
  })

  it("offers the methods with the commune's zone fees, standard by default, and updates the total", async () => {
    const user = userEvent.setup()
    await openCheckout()
    // Subtotal 2 × 8 000 + 6 500 = 22 500; Médina's test zone: standard 1 200 (free from 30 000), express 2 200.
    expect(screen.getByRole('radio', { name: /^Livraison standard/ })).toBeChecked()
    expect(screen.getByTestId('shipping-fee-standard')).toHaveTextContent('1 200 FCFA')
    expect(screen.getByTestId('shipping-fee-express')).toHaveTextContent('2 200 FCFA')
    expect(screen.getByTestId('shipping-fee-pickup')).toHaveTextContent('Gratuit')
    expect(screen.getByText('Offerte dès 30 000 FCFA d’achat')).toBeVisible()
    expect(screen.getByTestId('order-total')).toHaveTextContent('23 700 FCFA')
    await user.click(screen.getByRole('radio', { name: /^Livraison express/ }))
    expect(screen.getByTestId('order-total')).toHaveTextContent('24 700 FCFA')
    await user.click(screen.getByRole('radio', { name: /^Retrait en boutique/ }))
    expect(screen.getByTestId('order-total')).toHaveTextContent('22 500 FCFA')
  })

  it('standard delivery is free from the threshold', async () => {
    await openCheckout([{ variant: TEE, quantity: 4 }])
    // 4 × 8 000 = 32 000 ≥ 30 000.
    expect(screen.getByTestId('shipping-fee-standard')).toHaveTextContent(/^1 200 FCFAOfferte$/)
    expect(screen.getByTestId('order-total')).toHaveTextContent('32 000 FCFA')
    expect(screen.getByTestId('shipping-fee-express')).toHaveTextContent('2 200 FCFA')
  })

  it('a zone without express offers standard only, and express chosen before falls back to it', async () => {
    const user = userEvent.setup()
    await openCheckout()
    await user.click(screen.getByRole('radio', { name: /^Livraison express/ }))
    await user.selectOptions(field('Commune'), 'pikine-est')
    expect(screen.getByRole('radio', { name: /^Livraison express/ })).toBeDisabled()
    expect(screen.getByRole('radio', { name: /^Livraison standard/ })).toBeChecked()
    expect(screen.getByText('Non proposée dans la zone Banlieue test.')).toBeVisible()
    expect(screen.getByTestId('order-total')).toHaveTextContent('24 300 FCFA')
  })

  it('pickup at the shop asks for no commune, address or landmark', async () => {
    const user = userEvent.setup()
    await openCheckout(undefined, makeUser({ address: null }), { landmark: '' })
    await user.click(screen.getByRole('radio', { name: /^Retrait en boutique/ }))
    expect(screen.queryByLabelText('Commune', withoutAsterisk)).not.toBeInTheDocument()
    expect(screen.queryByLabelText('Point de repère', withoutAsterisk)).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Suivant' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Mode de paiement' })).toBeVisible()
  })

  it('refuses missing fields, an invalid e-mail and phone with the seed messages, and stays on the step', async () => {
    const user = userEvent.setup()
    await openCheckout()
    await user.clear(field('Prénom'))
    await user.clear(field('Email'))
    await user.type(field('Email'), 'awa@example')
    await user.clear(field('Téléphone'))
    await user.type(field('Téléphone'), '77 12')
    await user.click(screen.getByRole('button', { name: 'Suivant' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Veuillez remplir tous les champs obligatoires')
    expect(field('Prénom')).toHaveAccessibleDescription('Ce champ est requis')
    expect(field('Prénom')).toHaveFocus()
    expect(field('Email')).toHaveAccessibleDescription('Veuillez entrer une adresse email valide')
    expect(field('Téléphone')).toHaveAccessibleDescription('Veuillez entrer un numéro de téléphone valide')

    await user.type(field('Prénom'), 'Awa')
    expect(screen.getByRole('alert')).toHaveTextContent('Veuillez entrer une adresse email valide')
    await user.clear(field('Email'))
    await user.type(field('Email'), 'awa@example.sn')
    expect(screen.getByRole('alert')).toHaveTextContent('Veuillez entrer un numéro de téléphone valide')
    await user.type(field('Téléphone'), '3 45 67')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Suivant' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Mode de paiement' })).toBeVisible()
  })
})

describe('/checkout: the phone, by the server’s rule', () => {
  it.each([
    ['77 123 45 6', '8 digits'],
    ['77 123 45 678', '10 digits'],
  ])('refuses %s (%s) as soon as the field is left, and on « Suivant »', async (typed) => {
    const user = userEvent.setup()
    await openCheckout()
    await user.clear(field('Téléphone'))
    await user.type(field('Téléphone'), typed)
    await user.tab()
    expect(field('Téléphone')).toHaveAccessibleDescription('Veuillez entrer un numéro de téléphone valide')
    expect(field('Téléphone')).toBeInvalid()

    await user.click(screen.getByRole('button', { name: 'Suivant' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Veuillez entrer un numéro de téléphone valide')
    expect(field('Téléphone')).toHaveFocus()
    expect(screen.queryByRole('heading', { level: 2, name: 'Mode de paiement' })).not.toBeInTheDocument()
  })

  it('takes a Senegalese number with +221 and another country’s in international form', async () => {
    const user = userEvent.setup()
    await openCheckout()
    for (const typed of ['+221 78 123 45 67', '+33 6 12 34 56 78']) {
      await user.clear(field('Téléphone'))
      await user.type(field('Téléphone'), typed)
      await user.tab()
      expect(field('Téléphone')).not.toHaveAccessibleDescription()
    }
    await user.click(screen.getByRole('button', { name: 'Suivant' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Mode de paiement' })).toBeVisible()
  })
})

describe('/checkout: the draft of the form', () => {
  it('a reload gives back what was typed (contact, commune, address, landmark, notes, delivery method)', async () => {
    const user = userEvent.setup()
    await openCheckout()
    await user.clear(field('Adresse'))
    await user.type(field('Adresse'), 'Cité Keur Gorgui, villa 12')
    await user.clear(field('Point de repère'))
    await user.type(field('Point de repère'), 'Derrière la station Total')
    await user.type(field('Instructions de livraison'), 'Appeler Moussa')
    await user.clear(field('Téléphone'))
    await user.type(field('Téléphone'), '78 123 45 67')
    await user.click(screen.getByRole('radio', { name: /^Livraison express/ }))

    // The page is loaded again in the same tab.
    cleanup()
    await openCheckout()
    expect(field('Adresse')).toHaveValue('Cité Keur Gorgui, villa 12')
    expect(field('Point de repère')).toHaveValue('Derrière la station Total')
    expect(field('Instructions de livraison')).toHaveValue('Appeler Moussa')
    expect(field('Téléphone')).toHaveValue('78 123 45 67')
    expect(field('Commune')).toHaveValue('medina')
    expect(screen.getByRole('radio', { name: /^Livraison express/ })).toBeChecked()
  })

  it('is another customer’s to nobody, and is forgotten once the order is placed', async () => {
    mockPlaceOrder(() => HttpResponse.json({ data: makeOrder({ id: 'o-42', orderNumber: 'ORD-4128905123' }) }, { status: 201 }))
    const user = userEvent.setup()
    await openCheckout()
    await user.clear(field('Adresse'))
    await user.type(field('Adresse'), 'Villa 7')
    expect(JSON.parse(sessionStorage.getItem('checkoutDraft')!).values).toMatchObject({ address: 'Villa 7', landmark: LANDMARK })

    cleanup()
    await openCheckout(undefined, makeUser({ id: 'someone-else' }))
    expect(field('Adresse')).toHaveValue('Rue 10, Parcelles Assainies')

    cleanup()
    await openCheckout()
    await user.clear(field('Adresse'))
    await user.type(field('Adresse'), 'Villa 7')
    await toReview(user, 'Paiement à la livraison')
    await user.click(screen.getByRole('button', { name: 'Confirmer la commande' }))
    await screen.findByText('Commande créée avec succès!')
    expect(sessionStorage.getItem('checkoutDraft')).toBeNull()
  })
})

describe('/checkout without an account', () => {
  it('takes a name and a phone, orders the browser’s cart, and gives the order’s own link, kept here', async () => {
    localStorage.setItem(LOCAL_CART_KEY, JSON.stringify([{ productId: 'p1', name: TEE.name, price: 10000, promoPrice: 8000, quantity: 2, size: 'M', color: 'bleu', stock: 4 }]))
    const orderUrl = 'https://bitik.sn/orders/o-77?k=0123456789abcdef0123456789abcdef'
    const calls = mockPlaceOrder(() => HttpResponse.json({ data: makeOrder({ id: 'o-77', orderUrl }) }, { status: 201 }))
    const user = userEvent.setup()
    renderApp('/checkout')
    await screen.findByRole('heading', { level: 2, name: 'Adresse de livraison' })
    expect(location()).toBe('/checkout')
    expect(field('Email')).not.toBeRequired()
    await user.type(field('Prénom'), 'Awa')
    await user.type(field('Nom'), 'Diop')
    await user.type(field('Téléphone'), '77 123 45 67')
    await user.type(field('Adresse'), 'Unité 15, villa 210')
    await user.selectOptions(field('Commune'), 'medina')
    await user.type(field('Point de repère'), LANDMARK)
    await toReview(user, 'Paiement à la livraison')
    await user.click(screen.getByRole('button', { name: 'Confirmer la commande' }))

    expect(await screen.findByTestId('order-link')).toHaveTextContent(orderUrl)
    expect(screen.getByRole('link', { name: 'Voir ma commande' })).toHaveAttribute('href', '/orders/o-77?k=0123456789abcdef0123456789abcdef')
    expect(screen.queryByRole('link', { name: 'Mes commandes' })).not.toBeInTheDocument()
    expect((calls[0]!.body as { shippingInfo: { email: string; phone: string } }).shippingInfo).toMatchObject({ email: '', phone: '77 123 45 67' })
    expect(JSON.parse(localStorage.getItem(LOCAL_CART_KEY) ?? '[]')).toEqual([])
    expect(orderKeyOf('o-77')).toBe('0123456789abcdef0123456789abcdef')
  })
})

describe('/checkout: step 2, Paiement', () => {
  it('offers Wave (the default) and cash on delivery; Back keeps what was typed', async () => {
    const user = userEvent.setup()
    await openCheckout()
    await user.type(field('Instructions de livraison'), 'Sonner deux fois')
    await user.click(screen.getByRole('button', { name: 'Suivant' }))
    await screen.findByRole('heading', { level: 2, name: 'Mode de paiement' })
    expect(within(steps()).getAllByRole('listitem')[1]).toHaveAttribute('aria-current', 'step')
    expect(screen.getByRole('radio', { name: /^Wave/ })).toBeChecked()
    expect(screen.getByRole('radio', { name: /^Paiement à la livraison/ })).not.toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Retour' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Adresse de livraison' })).toBeVisible()
    expect(field('Instructions de livraison')).toHaveValue('Sonner deux fois')
    expect(field('Point de repère')).toHaveValue(LANDMARK)
  })

  it('refuses cash on delivery where the zone takes none, and says to pay with Wave', async () => {
    const user = userEvent.setup()
    await openCheckout()
    await user.selectOptions(field('Commune'), 'thies')
    await user.click(screen.getByRole('button', { name: 'Suivant' }))
    await screen.findByRole('heading', { level: 2, name: 'Mode de paiement' })
    expect(screen.getByRole('radio', { name: /^Paiement à la livraison/ })).toBeDisabled()
    expect(screen.getByText('Le paiement à la livraison n’est pas proposé dans la zone Régions test : veuillez payer avec Wave.')).toBeVisible()
    expect(screen.getByRole('radio', { name: /^Wave/ })).toBeChecked()
  })

  it('Wave can be chosen and confirmed', async () => {
    const user = userEvent.setup()
    await openCheckout()
    await user.click(screen.getByRole('button', { name: 'Suivant' }))
    await screen.findByRole('heading', { level: 2, name: 'Mode de paiement' })
    expect(screen.queryByText(/Le paiement Wave arrive bientôt/)).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Suivant' }))
    await screen.findByRole('heading', { level: 2, name: 'Récapitulatif de la commande' })
    expect(screen.getByRole('button', { name: 'Confirmer la commande' })).toBeEnabled()
  })
})

describe('/checkout with Wave', () => {
  afterEach(() => vi.restoreAllMocks())

  it('places the order, then opens its Wave session and sends the shopper to Wave', async () => {
    const open = vi.spyOn(waveBrowser, 'open').mockImplementation(() => {})
    const placed = makeOrder({ id: ORDER_ID, paymentMethod: 'wave', total: 24000 })
    const calls = mockPlaceOrder(() => HttpResponse.json({ data: placed }, { status: 201 }))
    const init = mockPaymentInit(() => HttpResponse.json({ data: makeSession() }))
    const user = userEvent.setup()
    await openCheckout()
    await toReview(user, 'Wave')
    await user.click(screen.getByRole('button', { name: 'Confirmer la commande' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'Paiement Wave' })).toBeVisible()
    expect(await screen.findByRole('note')).toHaveTextContent('Mode de test activé : le paiement est simulé.')
    expect(screen.getByTestId('wave-order-number')).toHaveTextContent('ORD-4128905123')
    expect(screen.getByTestId('wave-amount')).toHaveTextContent('24 000 FCFA')
    expect((calls[0]!.body as { paymentMethod: string }).paymentMethod).toBe('wave')
    expect(init).toEqual([{ orderId: ORDER_ID }])
    expect(storedPendingPayment()).toMatchObject({ orderId: ORDER_ID, sessionId: SESSION_ID, amount: 24000 })
    await waitFor(() => expect(open).toHaveBeenCalledWith(CHECKOUT_URL))
    // The cash-on-delivery confirmation is not shown for a Wave order.
    expect(screen.queryByText('Commande créée avec succès!')).not.toBeInTheDocument()
  })

  it('cleans a pending payment older than an hour when the checkout starts, and says so', async () => {
    storePendingPayment({ timestamp: Date.now() - 61 * 60_000 })
    await openCheckout()
    expect(await screen.findByText('Une ancienne session de paiement a été détectée et nettoyée')).toBeVisible()
    expect(storedPendingPayment()).toBeNull()
  })

  it('keeps a pending payment younger than an hour', async () => {
    storePendingPayment({ timestamp: Date.now() - 59 * 60_000 })
    await openCheckout()
    expect(screen.queryByText('Une ancienne session de paiement a été détectée et nettoyée')).not.toBeInTheDocument()
    expect(storedPendingPayment()).not.toBeNull()
  })
})

describe('/checkout: step 3, Confirmation', () => {
  it('recaps the lines, the address, the methods and the estimate; Modifier goes back', async () => {
    const user = userEvent.setup()
    await openCheckout()
    await user.click(screen.getByRole('radio', { name: /^Livraison express/ }))
    await toReview(user, 'Paiement à la livraison')
    const lines = within(screen.getByRole('list', { name: 'Articles' })).getAllByRole('listitem')
    expect(lines[0]).toHaveTextContent('T-shirt Yoff Surf Club')
    expect(lines[0]).toHaveTextContent('Taille : M')
    expect(lines[0]).toHaveTextContent('Couleur : Bleu')
    expect(lines[0]).toHaveTextContent('Quantité : 2')
    expect(lines[0]).toHaveTextContent('16 000 FCFA')
    expect(lines[1]).not.toHaveTextContent('Taille')
    expect(screen.getByText(/Rue 10, Parcelles Assainies/)).toBeVisible()
    const delivery = screen.getByRole('region', { name: 'Livraison' })
    expect(delivery).toHaveTextContent('Médina (Ville test)')
    expect(delivery).toHaveTextContent(`Point de repère : ${LANDMARK}`)
    expect(delivery).toHaveTextContent('Livraison express · Le jour même')
    expect(screen.getByTestId('order-subtotal')).toHaveTextContent('22 500 FCFA')
    expect(screen.getByTestId('order-shipping')).toHaveTextContent('2 200 FCFA')
    expect(screen.getByTestId('order-total')).toHaveTextContent('24 700 FCFA')
    expect(screen.getByText('Paiement à la livraison', { selector: 'p' })).toBeVisible()

    const payment = screen.getByRole('region', { name: 'Paiement' })
    await user.click(within(payment).getByRole('button', { name: 'Modifier' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Mode de paiement' })).toBeVisible()
  })

  it('cash on delivery: sends the order once with an Idempotency-Key, says so, shows the number, empties the cart', async () => {
    let cart: ReturnType<typeof mockCartServer> | null = null
    const placedOrder = makeOrder({ id: 'o-42', orderNumber: 'ORD-4128905123', total: 25000 })
    const calls = mockPlaceOrder(
      () => HttpResponse.json({ data: placedOrder }, { status: 201 }),
      () => cart?.items().splice(0),
    )
    const user = userEvent.setup()
    cart = await openCheckout()
    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('3'))
    await toReview(user, 'Paiement à la livraison')
    await user.click(screen.getByRole('button', { name: 'Confirmer la commande' }))

    expect(await screen.findByText('Commande créée avec succès!')).toBeVisible()
    expect(screen.getByTestId('order-number')).toHaveTextContent('ORD-4128905123')
    expect(screen.getByTestId('order-placed-total')).toHaveTextContent('25 000 FCFA')
    expect(screen.getByText(/Notre équipe vous appelle au 77 123 45 67 pour confirmer/)).toBeVisible()
    expect(screen.getByRole('link', { name: 'Voir ma commande' })).toHaveAttribute('href', '/orders/o-42')
    expect(screen.getByRole('link', { name: 'Mes commandes' })).toHaveAttribute('href', '/orders')
    expect(within(steps()).getAllByRole('listitem').every((item) => item.textContent?.includes('(terminée)'))).toBe(true)
    expect(calls).toHaveLength(1)
    expect(calls[0]!.key).toMatch(UUID)
    expect(calls[0]!.body).toEqual({
      items: [
        { productId: 'p1', quantity: 2, size: 'M', color: 'bleu' },
        { productId: 'p2', quantity: 1, size: 'unique', color: 'argent' },
      ],
      shippingInfo: {
        firstName: 'Awa',
        lastName: 'Diop',
        email: 'awa@example.sn',
        phone: '77 123 45 67',
        address: 'Rue 10, Parcelles Assainies',
        commune: 'medina',
        landmark: LANDMARK,
        notes: '',
      },
      shippingMethod: 'standard',
      paymentMethod: 'cash_on_delivery',
    })
    // The whole cart was ordered, so the server took every line out: the badge follows, and the confirmation stays.
    await waitFor(() => expect(screen.queryByTestId('cart-count')).not.toBeInTheDocument())
    expect(location()).toBe('/checkout')
    expect(screen.getByTestId('order-number')).toBeVisible()
  })

  it('keeps the new address in an empty book (ticked by default) once the order is placed', async () => {
    mockPlaceOrder(() => HttpResponse.json({ data: makeOrder({ id: 'o-42' }) }, { status: 201 }))
    const user = userEvent.setup()
    await openCheckout()
    const keep = screen.getByRole('checkbox', { name: 'Enregistrer cette adresse dans mon carnet' })
    expect(keep).toBeChecked()
    await toReview(user, 'Paiement à la livraison')
    expect(kept).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Confirmer la commande' }))
    expect(await screen.findByText('Commande créée avec succès!')).toBeVisible()
    await waitFor(() => expect(kept).toHaveLength(1))
    expect(kept[0]).toEqual({
      label: '',
      firstName: 'Awa',
      lastName: 'Diop',
      phone: '77 123 45 67',
      address: 'Rue 10, Parcelles Assainies',
      commune: 'medina',
      landmark: LANDMARK,
      isDefault: true,
    })
  })

  it('keeps nothing when the box is unticked, nor an address the book holds; a full book says so and the order stands', async () => {
    const full = "Votre carnet d'adresses est plein (20 adresses au plus). Supprimez-en une avant d'en ajouter une nouvelle."
    mockPlaceOrder(() => HttpResponse.json({ data: makeOrder({ id: 'o-42' }) }, { status: 201 }))
    const user = userEvent.setup()
    await openCheckout()
    await user.click(screen.getByRole('checkbox', { name: 'Enregistrer cette adresse dans mon carnet' }))
    await toReview(user, 'Paiement à la livraison')
    await user.click(screen.getByRole('button', { name: 'Confirmer la commande' }))
    expect(await screen.findByText('Commande créée avec succès!')).toBeVisible()
    expect(kept).toEqual([])
    cleanup()

    // The book's default address: nothing to offer; another commune typed: offered, unticked.
    addresses([{ id: 'a2', label: 'Maison', firstName: 'Awa', lastName: 'Diop', phone: '77 123 45 67', address: 'Villa 12', city: 'Yoff', commune: 'yoff', landmark: 'Derrière la grande mosquée', isDefault: true, createdAt: '2025-02-02T10:00:00Z' }])
    await openCheckout()
    expect(screen.queryByRole('checkbox', { name: 'Enregistrer cette adresse dans mon carnet' })).not.toBeInTheDocument()
    await user.clear(field('Adresse'))
    await user.type(field('Adresse'), 'Bureau 4, Plateau')
    const keep = screen.getByRole('checkbox', { name: 'Enregistrer cette adresse dans mon carnet' })
    expect(keep).not.toBeChecked()
    await user.click(keep)
    server.use(http.post('/api/users/addresses', () => HttpResponse.json({ code: 'address_book_full', message: full }, { status: 409 })))
    await toReview(user, 'Paiement à la livraison')
    await user.click(screen.getByRole('button', { name: 'Confirmer la commande' }))
    expect(await screen.findByText('Commande créée avec succès!')).toBeVisible()
    expect(await screen.findByText(full)).toBeVisible()
    expect(screen.getByTestId('order-number')).toBeVisible()
  })

  it('after the order, the cart shows what the server kept: a line added meanwhile in another tab stays', async () => {
    let cart: ReturnType<typeof mockCartServer> | null = null
    const later = { id: 'item-later', variant: { ...CHAIN, productId: 'p3', name: 'Bracelet Saly', slug: 'bracelet-saly' }, quantity: 2 }
    mockPlaceOrder(
      () => HttpResponse.json({ data: makeOrder() }, { status: 201 }),
      // The ordered lines left the server cart; the one the order did not hold is still there.
      () => cart?.items().splice(0, Infinity, later),
    )
    const user = userEvent.setup()
    cart = await openCheckout()
    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('3'))
    await toReview(user, 'Paiement à la livraison')
    await user.click(screen.getByRole('button', { name: 'Confirmer la commande' }))

    expect(await screen.findByText('Commande créée avec succès!')).toBeVisible()
    await waitFor(() => expect(screen.getByTestId('cart-count')).toHaveTextContent('2'))
  })

  it("shows the server's stock message; a second try sends the same Idempotency-Key", async () => {
    const stock = 'Stock insuffisant pour T-shirt Yoff Surf Club (bleu, M). Seulement 1 disponible(s).'
    const calls = mockPlaceOrder((n) =>
      n === 1
        ? HttpResponse.json({ code: 'insufficient_stock', message: stock }, { status: 409 })
        : HttpResponse.json({ data: makeOrder() }, { status: 201 }),
    )
    const user = userEvent.setup()
    await openCheckout()
    await toReview(user, 'Paiement à la livraison')
    await user.click(screen.getByRole('button', { name: 'Confirmer la commande' }))
    await waitFor(() => expect(screen.getAllByText(stock).length).toBeGreaterThanOrEqual(1))
    expect(within(screen.getByRole('main')).getByRole('alert')).toHaveTextContent(stock)
    expect(screen.getByRole('link', { name: 'Modifier mon panier' })).toHaveAttribute('href', '/cart')
    expect(screen.getByRole('heading', { level: 2, name: 'Récapitulatif de la commande' })).toBeVisible()

    await user.click(screen.getByRole('button', { name: 'Confirmer la commande' }))
    expect(await screen.findByTestId('order-number')).toHaveTextContent('ORD-4128905123')
    expect(calls).toHaveLength(2)
    expect(calls[1]!.key).toBe(calls[0]!.key)
  })

  it('a failure without a message says the checkout sentence', async () => {
    mockPlaceOrder(() => HttpResponse.json({ code: 'bad_request' }, { status: 400 }))
    const user = userEvent.setup()
    await openCheckout()
    await toReview(user, 'Paiement à la livraison')
    await user.click(screen.getByRole('button', { name: 'Confirmer la commande' }))
    const message = 'Une erreur est survenue lors de la création de la commande. Veuillez réessayer.'
    await waitFor(() => expect(within(screen.getByRole('main')).getByRole('alert')).toHaveTextContent(message))
  })

  it('cash on delivery refused to the phone brings the shopper back to the payment step, where Wave is offered', async () => {
    const refused = 'Le paiement à la livraison n\'est plus proposé pour ce numéro. Payez avec Wave pour commander.'
    mockPlaceOrder(() =>
      HttpResponse.json({ code: 'cash_on_delivery_refused', message: refused, fields: { paymentMethod: refused } }, { status: 409 }),
    )
    const user = userEvent.setup()
    await openCheckout()
    await toReview(user, 'Paiement à la livraison')
    await user.click(screen.getByRole('button', { name: 'Confirmer la commande' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Mode de paiement' })).toBeVisible()
    expect(within(screen.getByRole('main')).getByRole('alert')).toHaveTextContent(refused)
    await user.click(screen.getByRole('radio', { name: /^Wave/ }))
    expect(within(screen.getByRole('main')).queryByRole('alert')).not.toBeInTheDocument()
  })

  it('a field the server refuses brings the shopper back to step 1 with its message', async () => {
    const phone = 'Veuillez entrer un numéro de téléphone valide'
    mockPlaceOrder(() => HttpResponse.json({ code: 'validation_error', message: phone, fields: { phone } }, { status: 400 }))
    const user = userEvent.setup()
    await openCheckout()
    await toReview(user, 'Paiement à la livraison')
    await user.click(screen.getByRole('button', { name: 'Confirmer la commande' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Adresse de livraison' })).toBeVisible()
    expect(field('Téléphone')).toHaveAccessibleDescription(phone)
  })
})
