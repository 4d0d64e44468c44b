import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'
import { DEFAULT_DESCRIPTION } from '@/lib/seo'

import { TEST_ZONES } from '@/testing/delivery'

function deliveryZones(answer = () => HttpResponse.json({ data: TEST_ZONES })) {
  server.use(http.get('/api/delivery/zones', answer))
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
    deliveryZones()
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
    deliveryZones()
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

  it('/delivery lists the zones served by the API: fees, thresholds, delays, cash on delivery and communes', async () => {
    deliveryZones()
    renderApp('/delivery')
    const list = await screen.findByRole('list', { name: 'Zones de livraison et tarifs' })
    const cards = within(list).getAllByRole('listitem')
    expect(cards).toHaveLength(3)
    expect(cards[0]).toHaveTextContent('Ville test')
    expect(cards[0]).toHaveTextContent('1 200 FCFA')
    expect(cards[0]).toHaveTextContent('Offerte dès 30 000 FCFA d’achat')
    expect(cards[0]).toHaveTextContent('Délai24 h')
    expect(cards[0]).toHaveTextContent('Express2 200 FCFA')
    expect(cards[0]).toHaveTextContent('2 communes')
    expect(cards[0]).toHaveTextContent('Médina, Yoff.')
    expect(cards[1]).toHaveTextContent('ExpressNon proposée')
    expect(cards[1]).not.toHaveTextContent('Offerte')
    expect(cards[2]).toHaveTextContent('PaiementWave uniquement')
    expect(screen.getByRole('list', { name: 'Retrait et devis' })).toHaveTextContent('Gratuit')
  })

  it('/delivery offers to retry when the fees cannot be loaded', async () => {
    let calls = 0
    deliveryZones(() => {
      calls += 1
      return calls === 1
        ? HttpResponse.json({ code: 'bad', message: 'Non' }, { status: 400 })
        : HttpResponse.json({ data: TEST_ZONES })
    })
    const user = userEvent.setup()
    renderApp('/delivery')
    expect(await screen.findByText(/Les tarifs de livraison n’ont pas pu être chargés/)).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Réessayer' }))
    expect(await screen.findByRole('list', { name: 'Zones de livraison et tarifs' })).toHaveTextContent('1 200 FCFA')
  })

  it('/contact: WhatsApp with a prefilled message, phone and e-mail; the FAQ fees come from the API', async () => {
    deliveryZones()
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
    await waitFor(() => expect(answer).toHaveTextContent('Ville test : 1 200 FCFA · 24 h · express 2 200 FCFA (Le jour même) · offerte dès 30 000 FCFA.'))
    expect(answer).toHaveTextContent('Régions test : 3 000 FCFA · 3 jours · offerte dès 40 000 FCFA · paiement Wave uniquement.')
    expect(answer).toHaveTextContent('Retrait en boutique : gratuit.')

    await user.click(screen.getByRole('button', { name: /Contacter par email/ }))
    expect(within(main).getByRole('link', { name: 'contact@bitik.sn' })).toHaveFocus()
  })

  it('the footer links to every information page', async () => {
    deliveryZones()
    renderApp('/contact')
    await screen.findByRole('heading', { level: 1, name: 'Contactez-nous' })
    const footer = screen.getByRole('contentinfo')
    for (const path of ['/about', '/contact', '/delivery', '/returns', '/privacy', '/terms']) {
      expect(within(footer).getAllByRole('link').some((link) => link.getAttribute('href') === path)).toBe(true)
    }
  })
})
