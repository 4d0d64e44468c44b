import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'
import { DEFAULT_DESCRIPTION } from '@/lib/seo'

const SHIPPING_INFO = {
  methods: [
    { code: 'standard', label: 'Livraison standard', description: 'Parcelles Assainies, 1-2 jours', fee: 1000, freeFromThreshold: true },
    { code: 'express', label: 'Livraison express', description: 'Zones environnantes, 1-2 jours', fee: 2500, freeFromThreshold: false },
    { code: 'pickup', label: 'Retrait en boutique', description: 'En boutique', fee: 0, freeFromThreshold: false },
  ],
  freeDeliveryThreshold: 60000,
}

function shippingInfo(answer = () => HttpResponse.json({ data: SHIPPING_INFO })) {
  server.use(http.get('/api/cart/shipping-info', answer))
}

describe('information pages', () => {
  it.each([
    ['/contact', 'Contactez-nous', 'Contact | Bitik Dakar'],
    ['/about', 'Née à Dakar, faite pour la rue', 'À propos | Bitik Dakar'],
    ['/delivery', 'Livraison et retrait en boutique', 'Livraison | Bitik Dakar'],
    ['/returns', 'Retours et remboursements', 'Retours et remboursements | Bitik Dakar'],
    ['/privacy', 'Politique de confidentialité', 'Politique de confidentialité | Bitik Dakar'],
    ['/terms', 'Conditions générales de vente', 'Conditions générales de vente | Bitik Dakar'],
  ])('%s renders its h1, title, description and canonical', async (path, heading, title) => {
    shippingInfo()
    renderApp(path)
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible()
    await waitFor(() => expect(document.title).toBe(title))
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', `${window.location.origin}${path}`)
    const description = document.head.querySelector('meta[name="description"]')?.getAttribute('content') ?? ''
    expect(description).not.toBe(DEFAULT_DESCRIPTION)
    expect(description.length).toBeGreaterThan(60)
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'index, follow')
  })

  it('the returns window is the same on /returns, /terms and the contact FAQ: 14 days, defects within 48 hours', async () => {
    shippingInfo()
    const user = userEvent.setup()
    const { unmount } = renderApp('/returns')
    expect(await screen.findAllByText(/14 jours/)).not.toHaveLength(0)
    expect(screen.getAllByText(/48 heures/)).not.toHaveLength(0)
    expect(screen.queryByText(/2 jours après/)).not.toBeInTheDocument()
    unmount()

    const terms = renderApp('/terms')
    await screen.findByRole('heading', { level: 1, name: 'Conditions générales de vente' })
    expect(screen.getByText(/Vous disposez de 14 jours après la réception/)).toBeVisible()
    expect(screen.getByRole('region', { name: 'Mentions légales' })).toHaveTextContent('Capital social : 1 000 000 FCFA')
    expect(screen.queryByText(/Orange Money|Free Money|PayPal|carte bancaire/i)).not.toBeInTheDocument()
    terms.unmount()

    renderApp('/contact')
    await user.click(await screen.findByRole('button', { name: /^Puis-je retourner ou échanger un article/ }))
    expect(screen.getByText(/vous avez 14 jours après la réception/)).toBeVisible()
  })

  it('/delivery shows the fees and the free-delivery threshold served by the API', async () => {
    shippingInfo()
    renderApp('/delivery')
    const list = await screen.findByRole('list', { name: 'Modes de livraison et tarifs' })
    const cards = within(list).getAllByRole('listitem')
    expect(cards).toHaveLength(3)
    expect(cards[0]).toHaveTextContent('Livraison standard')
    expect(cards[0]).toHaveTextContent('1 000 FCFA')
    expect(cards[0]).toHaveTextContent('Offerte dès 60 000 FCFA d’achat')
    expect(cards[0]).toHaveTextContent('Parcelles Assainies')
    expect(cards[1]).toHaveTextContent('2 500 FCFA')
    expect(cards[1]).toHaveTextContent('Guédiawaye, Sacré-Cœur, Nord Foire, Ouest Foire et Mermoz')
    expect(cards[1]).not.toHaveTextContent('Offerte')
    expect(cards[2]).toHaveTextContent('Gratuit')
    expect(screen.getByRole('list', { name: 'Zones sur devis' })).toHaveTextContent('Keur Massar et Yeumbeul')
  })

  it('/delivery offers to retry when the fees cannot be loaded', async () => {
    let calls = 0
    shippingInfo(() => {
      calls += 1
      return calls === 1
        ? HttpResponse.json({ code: 'bad', message: 'Non' }, { status: 400 })
        : HttpResponse.json({ data: SHIPPING_INFO })
    })
    const user = userEvent.setup()
    renderApp('/delivery')
    expect(await screen.findByText(/Les tarifs de livraison n’ont pas pu être chargés/)).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Réessayer' }))
    expect(await screen.findByRole('list', { name: 'Modes de livraison et tarifs' })).toHaveTextContent('1 000 FCFA')
  })

  it('/contact: WhatsApp with a prefilled message, phone and e-mail; the FAQ fees come from the API', async () => {
    shippingInfo()
    const user = userEvent.setup()
    renderApp('/contact')
    await screen.findByRole('heading', { level: 1, name: 'Contactez-nous' })
    const main = screen.getByRole('main')
    const whatsapp = within(main).getAllByRole('link', { name: /Écrire sur WhatsApp/ })
    expect(whatsapp).toHaveLength(2)
    for (const link of whatsapp) expect(link.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/221770000000\?text=Bonjour%20Bitik%20Dakar/)
    expect(within(main).getByRole('link', { name: '+221 77 000 00 00' })).toHaveAttribute('href', 'tel:+221770000000')
    expect(within(main).getByRole('link', { name: 'contact@bitik.sn' })).toHaveAttribute('href', 'mailto:contact@bitik.sn')

    expect(within(main).getAllByRole('button', { expanded: false })).toHaveLength(6)
    await user.click(screen.getByRole('button', { name: /^Combien coûte la livraison/ }))
    const answer = await screen.findByRole('region', { name: /^Combien coûte la livraison/ })
    await waitFor(() => expect(answer).toHaveTextContent('Livraison standard (Parcelles Assainies) : 1 000 FCFA, offerte dès 60 000 FCFA d’achat.'))
    expect(answer).toHaveTextContent('Retrait en boutique : gratuit.')

    await user.click(screen.getByRole('button', { name: /Contacter par email/ }))
    expect(within(main).getByRole('link', { name: 'contact@bitik.sn' })).toHaveFocus()
  })

  it('the footer links to every information page', async () => {
    shippingInfo()
    renderApp('/contact')
    await screen.findByRole('heading', { level: 1, name: 'Contactez-nous' })
    const footer = screen.getByRole('contentinfo')
    for (const path of ['/about', '/contact', '/delivery', '/returns', '/privacy', '/terms']) {
      expect(within(footer).getAllByRole('link').some((link) => link.getAttribute('href') === path)).toBe(true)
    }
  })
})
