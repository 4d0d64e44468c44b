import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import type { Product } from '@/features/catalog/api/product-schema'
import { makeProduct } from '@/testing/fixtures'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'
import { frenchSpacing } from '@/lib/typography'

// Sizes differ by colour; grey is sold out and has no picture of its own.
const tee = makeProduct({
  id: '3f9c2a7d-0000-4000-8000-000000000001',
  name: 'T-shirt Teranga Oversize',
  slug: 't-shirt-teranga-oversize',
  price: 12500,
  promoPrice: 10000,
  onPromotion: true,
  shortDescription: 'Le t-shirt coupe ample.',
  description: 'Coupe oversize, épaules tombantes.',
  colors: ['noir', 'blanc', 'gris'],
  sizes: ['XS', 'S', 'M', 'L', 'XL'],
  images: ['/uploads/products/aaa/800.jpg', '/uploads/products/bbb/800.jpg'],
  imageColors: ['noir', 'blanc'],
  stock: { noir: { XS: 0, S: 2, M: 5, L: 0, XL: 1 }, blanc: { XS: 3, S: 0, M: 0, L: 4, XL: 0 }, gris: { XS: 0, S: 0, M: 0, L: 0, XL: 0 } },
  material: '100% coton bio',
  careInstructions: 'Lavage à 30 °C',
})

const chain = makeProduct({
  name: 'Chaîne Gorée',
  slug: 'chaine-goree',
  category: 'accessoire',
  subcategory: 'chaine',
  colors: ['doré', 'argenté'],
  sizes: ['unique'],
  images: ['/images/placeholder.jpg'],
  stock: { doré: { unique: 4 }, argenté: { unique: 0 } },
})

function catalogue(products: Product[], similar: Record<string, Product[]> = {}) {
  const find = (key: string) => products.find((p) => p.slug === key || p.id === key)
  server.use(
    http.get('/api/products/:idOrSlug/similar', ({ params }) => HttpResponse.json({ data: similar[String(params.idOrSlug)] ?? [] })),
    http.get('/api/products/:idOrSlug', ({ params }) => {
      const product = find(String(params.idOrSlug))
      return product
        ? HttpResponse.json({ data: product })
        : HttpResponse.json({ code: 'product_not_found', message: 'Produit non trouvé' }, { status: 404 })
    }),
  )
}

const sizeNames = () => within(screen.getByRole('group', { name: 'Taille' })).queryAllByRole('radio').map((r) => (r as HTMLInputElement).value)
const mainImage = () => screen.getAllByRole('img').find((img) => img.getAttribute('fetchpriority') === 'high')!

describe('/product/{id-or-slug}', () => {
  it('shows the product: prices, badge, first in-stock colour, its sizes with none chosen, stock and tabs', async () => {
    const user = userEvent.setup()
    catalogue([tee])
    renderApp('/product/t-shirt-teranga-oversize')

    expect(await screen.findByRole('heading', { level: 1, name: 'T-shirt Teranga Oversize' })).toBeVisible()
    const main = screen.getByRole('main')
    expect(within(main).getByText('10 000 FCFA')).toBeVisible()
    expect(within(main).getByText('12 500 FCFA').tagName).toBe('S')
    expect(within(main).getByText('-20%')).toBeVisible()
    expect(screen.getByRole('radio', { name: 'Noir' })).toBeChecked()
    expect(screen.getByText('Couleur :').textContent).toBe(frenchSpacing('Couleur : Noir'))
    expect(sizeNames()).toEqual(['S', 'M', 'XL'])
    // No size is chosen for the shopper; the colour has stock, so nothing says « Épuisé ».
    expect(within(screen.getByRole('group', { name: 'Taille' })).queryByRole('radio', { checked: true })).toBeNull()
    expect(screen.getByText('En stock')).toBeVisible()
    expect(screen.queryByText('Épuisé')).toBeNull()
    expect(screen.getByRole('button', { name: 'Ajouter au panier' })).toBeEnabled()

    // The main picture is the page's LCP: eager, high priority, sized for the screen.
    expect(mainImage()).toHaveAttribute('src', '/uploads/products/aaa/800.jpg')
    expect(mainImage()).toHaveAttribute('loading', 'eager')
    expect(mainImage()).toHaveAttribute('srcset', expect.stringContaining('1200.jpg 1200w'))

    expect(screen.getByRole('tabpanel', { name: 'Description' })).toHaveTextContent('Coupe oversize, épaules tombantes.')
    await user.click(screen.getByRole('tab', { name: 'Détails' }))
    const details = screen.getByRole('tabpanel', { name: 'Détails' })
    expect(details).toHaveTextContent('100% coton bio')
    expect(details).toHaveTextContent('Lavage à 30 °C')
    expect(within(details).getByRole('link', { name: 'Vêtements › T-shirts' })).toHaveAttribute('href', '/category/vetement/t-shirt')
    await user.click(screen.getByRole('tab', { name: 'Livraison' }))
    const delivery = screen.getByRole('tabpanel', { name: 'Livraison' })
    // The zones, fees and delays come from GET /api/delivery/zones, like the /delivery page's.
    expect(screen.getByText(/Livraison à partir de 1 200 FCFA · offerte dès 30 000 FCFA d’achat/)).toBeVisible()
    expect(delivery).toHaveTextContent('Ville test : 1 200 FCFA · 24 h · express 2 200 FCFA (Le jour même) · offerte dès 30 000 FCFA.')
    expect(delivery).toHaveTextContent('Banlieue test : 1 800 FCFA · 48 h.')
    expect(delivery).toHaveTextContent('Retrait en boutique : gratuit.')

    await waitFor(() => expect(document.title).toBe('T-shirt Teranga Oversize | Bitik Dakar'))
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', 'Le t-shirt coupe ample.')
    expect(document.head.querySelector('meta[property="og:image"]')).toHaveAttribute('content', 'http://localhost:3000/uploads/products/aaa/1200.jpg')
  })

  it('recomputes the sizes on a colour change, clears a size the colour lacks, fits the quantity and shows the colour’s picture', async () => {
    const user = userEvent.setup()
    catalogue([tee])
    renderApp('/product/t-shirt-teranga-oversize')
    await screen.findByRole('heading', { level: 1 })
    const quantity = screen.getByRole('spinbutton', { name: 'Quantité' })

    await user.click(screen.getByRole('radio', { name: 'M' }))
    await user.click(screen.getByRole('button', { name: 'Augmenter la quantité' }))
    await user.click(screen.getByRole('button', { name: 'Augmenter la quantité' }))
    await user.click(screen.getByRole('button', { name: 'Augmenter la quantité' }))
    await user.click(screen.getByRole('button', { name: 'Augmenter la quantité' }))
    expect(quantity).toHaveValue(5)
    expect(screen.getByRole('button', { name: 'Augmenter la quantité' })).toBeDisabled()

    await user.click(screen.getByRole('radio', { name: 'Blanc' }))
    expect(sizeNames()).toEqual(['XS', 'L'])
    // White has no M: the size is cleared and the shopper is told, tied to the size choice.
    const sizes = screen.getByRole('group', { name: 'Taille' })
    expect(within(sizes).queryByRole('radio', { checked: true })).toBeNull()
    expect(sizes).toHaveAccessibleDescription(frenchSpacing('La taille M n’est pas disponible en Blanc : choisissez une autre taille.'))
    expect(screen.getByText('La taille M n’est pas disponible en Blanc : choisissez une autre taille.')).toHaveAttribute('aria-live', 'polite')
    // Bounded by white's best-stocked size (L, 4) until a size is chosen.
    expect(quantity).toHaveValue(4)
    expect(screen.getByText('En stock')).toBeVisible()
    expect(mainImage()).toHaveAttribute('src', '/uploads/products/bbb/800.jpg')
    await user.click(screen.getByRole('radio', { name: 'XS' }))
    expect(quantity).toHaveValue(3)
    expect(screen.getByText('Stock disponible (3)')).toBeVisible()
    expect(sizes).not.toHaveAccessibleDescription()

    // Grey is sold out: no size, quantity 0, the button says so and is disabled.
    await user.click(screen.getByRole('radio', { name: 'Gris (épuisé)' }))
    expect(sizeNames()).toEqual([])
    expect(screen.getByText('Aucune taille disponible dans cette couleur.')).toBeVisible()
    expect(quantity).toHaveValue(0)
    expect(screen.getByRole('button', { name: 'Épuisé' })).toBeDisabled()
    // No picture of its own: the product's first.
    expect(mainImage()).toHaveAttribute('src', '/uploads/products/aaa/800.jpg')

    await user.click(screen.getByRole('button', { name: 'Voir l’image 2 (Blanc)' }))
    expect(mainImage()).toHaveAttribute('src', '/uploads/products/bbb/800.jpg')
  })

  it('shows the chosen colour’s pictures first, names each thumbnail’s colour, and adds its picture to the cart', async () => {
    const user = userEvent.setup()
    // Red stripes first, then a detail for every colour, then white: « Blanc » is not the second picture.
    const shirt = makeProduct({
      name: 'Chemise Rayée',
      slug: 'chemise-rayee',
      colors: ['rouge', 'blanc'],
      sizes: ['M'],
      images: ['/uploads/products/r1/800.jpg', '/uploads/products/d1/800.jpg', '/uploads/products/b1/800.jpg', '/uploads/products/r2/800.jpg'],
      imageColors: ['rouge', null, 'blanc', 'rouge'],
      stock: { rouge: { M: 2 }, blanc: { M: 3 } },
    })
    catalogue([shirt])
    renderApp('/product/chemise-rayee')
    await screen.findByRole('heading', { level: 1 })
    const thumbnails = () => within(screen.getByRole('list', { name: 'Images du produit' })).getAllByRole('button').map((b) => b.getAttribute('aria-label'))
    expect(mainImage()).toHaveAttribute('src', '/uploads/products/r1/800.jpg')
    expect(mainImage()).toHaveAttribute('alt', 'Chemise Rayée – Rouge')

    await user.click(screen.getByRole('radio', { name: 'Blanc' }))
    expect(mainImage()).toHaveAttribute('src', '/uploads/products/b1/800.jpg')
    expect(thumbnails()).toEqual(['Voir l’image 1 (Blanc)', 'Voir l’image 2', 'Voir l’image 3 (Rouge)', 'Voir l’image 4 (Rouge)'])
    await user.click(screen.getByRole('button', { name: 'Voir l’image 3 (Rouge)' }))
    expect(mainImage()).toHaveAttribute('src', '/uploads/products/r1/800.jpg')

    await user.click(screen.getByRole('radio', { name: 'M' }))
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }))
    await screen.findByText('Produit ajouté au panier')
    expect(JSON.parse(localStorage.getItem('localCart')!)[0]).toMatchObject({ color: 'blanc', image: '/uploads/products/b1/800.jpg' })
  })

  it('keeps the chosen size on a colour change when the colour has it in stock', async () => {
    const user = userEvent.setup()
    const hoodie = makeProduct({
      name: 'Hoodie Almadies',
      slug: 'hoodie-almadies',
      colors: ['noir', 'blanc'],
      sizes: ['S', 'M', 'L'],
      stock: { noir: { S: 1, M: 4, L: 2 }, blanc: { S: 3, M: 2 } },
    })
    catalogue([hoodie])
    renderApp('/product/hoodie-almadies')
    await screen.findByRole('heading', { level: 1 })
    await user.click(screen.getByRole('radio', { name: 'M' }))
    await user.click(screen.getByRole('radio', { name: 'Blanc' }))
    expect(screen.getByRole('radio', { name: 'M' })).toBeChecked()
    expect(screen.getByText('Stock disponible (2)')).toBeVisible()
    expect(screen.getByRole('group', { name: 'Taille' })).not.toHaveAccessibleDescription()
  })

  it('asks for the size when « Ajouter au panier » is tapped without one, and adds nothing', async () => {
    const user = userEvent.setup()
    catalogue([tee])
    renderApp('/product/t-shirt-teranga-oversize')
    await screen.findByRole('heading', { level: 1 })
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }))

    const sizes = screen.getByRole('group', { name: 'Taille' })
    expect(within(sizes).getByText('Veuillez sélectionner une taille et une couleur')).toBeVisible()
    expect(sizes).toHaveAccessibleDescription('Veuillez sélectionner une taille et une couleur')
    expect(localStorage.getItem('localCart')).toBeNull()
    expect(screen.queryByRole('dialog', { name: 'Votre panier' })).toBeNull()

    // Choosing a size answers it: the message goes, and the tap now adds.
    await user.click(screen.getByRole('radio', { name: 'M' }))
    expect(within(sizes).queryByText('Veuillez sélectionner une taille et une couleur')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }))
    expect(await screen.findByText('Produit ajouté au panier')).toBeVisible()
    expect(JSON.parse(localStorage.getItem('localCart')!)[0]).toMatchObject({ size: 'M', color: 'noir', quantity: 1 })
  })

  it('bounds the typed quantity: above the stock it drops to 1', async () => {
    const user = userEvent.setup()
    catalogue([tee])
    renderApp('/product/t-shirt-teranga-oversize')
    await screen.findByRole('heading', { level: 1 })
    await user.click(screen.getByRole('radio', { name: 'M' }))
    const quantity = screen.getByRole('spinbutton', { name: 'Quantité' })
    await user.clear(quantity)
    await user.type(quantity, '4')
    expect(quantity).toHaveValue(4)
    await user.type(quantity, '0')
    expect(quantity).toHaveValue(1)
    expect(quantity).toHaveAttribute('max', '5')
  })

  it('adds the chosen variant to the guest cart, says so and opens the cart drawer', async () => {
    const user = userEvent.setup()
    catalogue([tee])
    renderApp('/product/t-shirt-teranga-oversize')
    await screen.findByRole('heading', { level: 1 })
    await user.click(screen.getByRole('radio', { name: 'Blanc' }))
    await user.click(screen.getByRole('radio', { name: 'L' }))
    await user.click(screen.getByRole('button', { name: 'Augmenter la quantité' }))
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }))

    expect(await screen.findByText('Produit ajouté au panier')).toBeVisible()
    expect(JSON.parse(localStorage.getItem('localCart')!)).toEqual([
      {
        productId: tee.id,
        name: 'T-shirt Teranga Oversize',
        image: '/uploads/products/bbb/800.jpg',
        price: 12500,
        promoPrice: 10000,
        quantity: 2,
        size: 'L',
        color: 'blanc',
        stock: 4,
        slug: 't-shirt-teranga-oversize',
      },
    ])
    // The header's badge follows, and the drawer shows the line.
    expect(screen.getByRole('link', { name: /Panier/ })).toHaveTextContent('2')
    const drawer = await screen.findByRole('dialog', { name: 'Votre panier' })
    expect(within(drawer).getByRole('link', { name: 'T-shirt Teranga Oversize' })).toHaveAttribute('href', '/product/t-shirt-teranga-oversize')
    expect(drawer).toHaveTextContent('Taille : L')
    expect(drawer).toHaveTextContent('Couleur : Blanc')
    expect(within(drawer).getByTestId('cart-drawer-subtotal')).toHaveTextContent('20 000 FCFA')

    // Adding beyond the stock keeps the stock message.
    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('button', { name: 'Augmenter la quantité' }))
    await user.click(screen.getByRole('button', { name: 'Augmenter la quantité' }))
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }))
    expect(await screen.findByText('Stock insuffisant. Seulement 4 disponible(s).')).toBeVisible()
    expect(screen.getByRole('link', { name: /Panier/ })).toHaveTextContent('4')
  })

  it('hides the size choice of an accessory', async () => {
    catalogue([chain])
    renderApp('/product/chaine-goree')
    await screen.findByRole('heading', { level: 1, name: 'Chaîne Gorée' })
    expect(screen.queryByRole('group', { name: 'Taille' })).not.toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Doré' })).toBeChecked()
    expect(screen.getByText('Stock disponible (4)')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Ajouter au panier' })).toBeEnabled()
  })

  it('answers one canonical address whether reached by id or slug', async () => {
    catalogue([tee])
    renderApp(`/product/${tee.id}`)
    await screen.findByRole('heading', { level: 1 })
    await waitFor(() =>
      expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'http://localhost:3000/product/t-shirt-teranga-oversize'),
    )
  })

  it('shows 4 similar products that lead to another product page', async () => {
    const user = userEvent.setup()
    const others = [chain, ...[1, 2, 3].map((n) => makeProduct({ name: `Pull Corniche ${n}`, slug: `pull-corniche-${n}` }))]
    catalogue([tee, ...others], { 't-shirt-teranga-oversize': others })
    renderApp('/product/t-shirt-teranga-oversize')
    const section = await screen.findByRole('region', { name: 'Vous aimerez aussi' })
    expect(await within(section).findAllByRole('article')).toHaveLength(4)
    await user.click(within(section).getByRole('link', { name: /Chaîne Gorée/ }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Chaîne Gorée' })).toBeVisible()
    expect(screen.getByTestId('location')).toHaveTextContent('/product/chaine-goree')
    // The new product starts with its own selection.
    expect(screen.getByRole('radio', { name: 'Doré' })).toBeChecked()
  })

  it('says “Produit non trouvé” with a link back to the products on a 404', async () => {
    catalogue([])
    renderApp('/product/nexiste-pas')
    expect(await screen.findByRole('heading', { level: 1, name: 'Produit non trouvé' })).toBeVisible()
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Voir tous les produits' })).toHaveAttribute('href', '/products')
    await waitFor(() => expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow'))
  })

  it('says the product cannot be loaded on other errors, with a link to the products', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    server.use(http.get('/api/products/:idOrSlug', () => HttpResponse.json({ code: 'internal', message: 'Erreur' }, { status: 500 })))
    renderApp('/product/t-shirt-teranga-oversize')
    await act(() => vi.advanceTimersByTimeAsync(3100))
    expect(await screen.findByText('Impossible de charger le produit. Veuillez réessayer plus tard.')).toBeVisible()
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Voir tous les produits' })).toHaveAttribute('href', '/products')
  })
})
