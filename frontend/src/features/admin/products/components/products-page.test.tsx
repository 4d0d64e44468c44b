import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import { adminPage, apiError, loggedInAsAdmin, makeAdminProduct } from '@/testing/admin'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'
import type { AdminProduct } from '../api/product-schema'

beforeEach(() => sessionStore.clear())

const location = () => screen.getByTestId('location').textContent
const toasts = () => screen.getByRole('status', { name: 'Notifications' })
const asObject = (params: URLSearchParams | undefined) => Object.fromEntries(params ?? [])

function mockProducts(products: AdminProduct[], pagination = {}) {
  const queries: URLSearchParams[] = []
  server.use(
    http.get('/api/products', ({ request }) => {
      queries.push(new URL(request.url).searchParams)
      return HttpResponse.json(adminPage(products, pagination))
    }),
  )
  return queries
}

const soldOut = () =>
  makeAdminProduct({ name: 'Pull Almadies', stock: { noir: { S: 0, M: 0 }, blanc: { S: 0, M: 0 } }, stockTotal: 0, stockStatus: 'out' })
const low = () => makeAdminProduct({ name: 'Chaîne Soumbédioune', category: 'accessoire', subcategory: 'chaine', colors: ['doré'], sizes: ['unique'], stock: { doré: { unique: 3 } }, stockTotal: 3, stockStatus: 'low' })

describe('/admin/products', () => {
  it('honours ?stock=0: asks for the admin view of sold-out products and labels them Épuisé', async () => {
    loggedInAsAdmin()
    const queries = mockProducts([soldOut()])
    renderApp('/admin/products?stock=0')
    const row = (await screen.findByRole('link', { name: 'Pull Almadies' })).closest('tr')!
    expect(asObject(queries.at(-1))).toEqual({ scope: 'admin', page: '1', limit: '10', stock: '0' })
    expect(screen.getByLabelText('Stock')).toHaveValue('0')
    expect(within(row).getByText('Épuisé')).toBeVisible()
  })

  it('labels low stock Stock bas, shows prices, categories and visibility', async () => {
    loggedInAsAdmin()
    const promo = makeAdminProduct({ name: 'T-shirt Yoff', onPromotion: true, promoPrice: 8000, price: 10000, active: false })
    mockProducts([low(), promo])
    renderApp('/admin/products')
    const lowRow = (await screen.findByRole('link', { name: 'Chaîne Soumbédioune' })).closest('tr')!
    expect(within(lowRow).getByText('Stock bas')).toBeVisible()
    expect(within(lowRow).getByText('Accessoires')).toBeVisible()
    const promoRow = screen.getByRole('link', { name: 'T-shirt Yoff' }).closest('tr')!
    expect(within(promoRow).getByText('8 000 FCFA')).toBeVisible()
    expect(within(promoRow).getByText('10 000 FCFA')).toBeVisible()
    expect(within(promoRow).getByText('En stock')).toBeVisible()
    expect(within(promoRow).getByText('Désactivé')).toBeVisible()
    expect(within(promoRow).getByRole('link', { name: 'Modifier T-shirt Yoff' })).toHaveAttribute('href', `/admin/products/edit/${promo.id}`)
  })

  it('searches once typing pauses (500 ms), filters by category and sorts', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    const queries = mockProducts([makeAdminProduct()])
    renderApp('/admin/products')
    await screen.findByText('1 produit')
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'tee')
    await waitFor(() => expect(location()).toBe('/admin/products?search=tee'))
    await waitFor(() => expect(asObject(queries.at(-1))).toEqual({ scope: 'admin', page: '1', limit: '10', search: 'tee' }))
    expect(queries.filter((q) => q.has('search'))).toHaveLength(1)
    await user.selectOptions(screen.getByLabelText('Catégorie'), 'Accessoires')
    await user.selectOptions(screen.getByLabelText('Trier par'), 'Prix décroissant')
    await waitFor(() =>
      expect(asObject(queries.at(-1))).toEqual({
        scope: 'admin',
        page: '1',
        limit: '10',
        search: 'tee',
        category: 'accessoire',
        sortBy: 'price',
        sortOrder: 'desc',
      }),
    )
  })

  it('deletes a product after a confirmation', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    const product = makeAdminProduct({ name: 'T-shirt Ouakam' })
    mockProducts([product])
    const deleted: string[] = []
    server.use(
      http.delete('/api/products/:id', ({ params }) => {
        deleted.push(String(params.id))
        return HttpResponse.json({ data: { deleted: true, deactivated: false, message: 'Produit supprimé avec succès' } })
      }),
    )
    renderApp('/admin/products')
    await user.click(await screen.findByRole('button', { name: 'Supprimer T-shirt Ouakam' }))
    const dialog = screen.getByRole('dialog', { name: 'Supprimer le produit' })
    expect(dialog).toHaveTextContent('Êtes-vous sûr de vouloir supprimer "T-shirt Ouakam" ? Cette action est irréversible.')
    // Cancelling deletes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }))
    expect(deleted).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Supprimer T-shirt Ouakam' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Supprimer' }))
    expect(await within(toasts()).findByText('Produit supprimé avec succès')).toBeVisible()
    expect(deleted).toEqual([product.id])
  })

  it('tells the admin when the server deactivated the product instead', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    mockProducts([makeAdminProduct({ name: 'T-shirt Ouakam' })])
    const message = "Ce produit figure dans des commandes : il a été désactivé au lieu d'être supprimé."
    server.use(http.delete('/api/products/:id', () => HttpResponse.json({ data: { deleted: false, deactivated: true, message } })))
    renderApp('/admin/products')
    await user.click(await screen.findByRole('button', { name: 'Supprimer T-shirt Ouakam' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Supprimer' }))
    expect(await within(toasts()).findByText(message)).toBeVisible()
    expect(within(toasts()).queryByText('Produit supprimé avec succès')).not.toBeInTheDocument()
  })

  it('says when a deletion fails', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    mockProducts([makeAdminProduct({ name: 'T-shirt Ouakam' })])
    server.use(http.delete('/api/products/:id', () => HttpResponse.json({ ok: true })))
    renderApp('/admin/products')
    await user.click(await screen.findByRole('button', { name: 'Supprimer T-shirt Ouakam' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Supprimer' }))
    expect(await within(toasts()).findByText('Erreur lors de la suppression du produit')).toBeVisible()
  })

  it('edits the stock from the list: shortcuts, save only on change, only the changed variants sent', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    const product = makeAdminProduct({ name: 'T-shirt Ngor', stock: { noir: { S: 3, M: 1 }, blanc: { S: 0, M: 4 } } })
    mockProducts([product])
    const bodies: unknown[] = []
    server.use(
      http.put(`/api/products/${product.id}/stock`, async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json({ data: { ...product, stock: { noir: { S: 8, M: 6 }, blanc: { S: 0, M: 4 } }, stockTotal: 18 } })
      }),
    )
    renderApp('/admin/products')
    await user.click(await screen.findByRole('button', { name: 'Modifier le stock de T-shirt Ngor' }))
    const dialog = screen.getByRole('dialog', { name: 'Stock – T-shirt Ngor' })
    const save = within(dialog).getByRole('button', { name: 'Enregistrer le stock' })
    expect(save).toBeDisabled()
    expect(within(dialog).getByLabelText('Stock noir S')).toHaveValue('3')
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter 5 à chaque taille (noir)' }))
    expect(within(dialog).getByLabelText('Stock noir S')).toHaveValue('8')
    expect(within(dialog).getByLabelText('Stock noir M')).toHaveValue('6')
    expect(save).toBeEnabled()
    await user.click(save)
    expect(await within(toasts()).findByText('Stock mis à jour avec succès')).toBeVisible()
    expect(bodies).toEqual([{ stock: { noir: { S: 8, M: 6 } } }])
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('warns in the stock editor when nothing is left, and reports a refused update', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    const product = makeAdminProduct({ name: 'T-shirt Ngor', stock: { noir: { S: 3, M: 1 }, blanc: { S: 0, M: 0 } } })
    mockProducts([product])
    server.use(
      http.put(`/api/products/${product.id}/stock`, () =>
        apiError(400, 'validation_failed', 'Le stock doit être un nombre entier positif ou nul.'),
      ),
    )
    renderApp('/admin/products')
    await user.click(await screen.findByRole('button', { name: 'Modifier le stock de T-shirt Ngor' }))
    const dialog = screen.getByRole('dialog')
    expect(within(dialog).queryByText('Stock total à 0 : ce produit ne pourra pas être acheté.')).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Mettre chaque taille à 0 (noir)' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Stock total à 0 : ce produit ne pourra pas être acheté.')
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le stock' }))
    expect(await within(toasts()).findByText('Le stock doit être un nombre entier positif ou nul.')).toBeVisible()
    // The dialog stays open with what was typed.
    expect(within(dialog).getByLabelText('Stock noir S')).toHaveValue('0')
  })

  it('says when the list cannot be loaded', async () => {
    loggedInAsAdmin()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(http.get('/api/products', () => HttpResponse.json({ products: [] })))
    renderApp('/admin/products')
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur lors du chargement des produits')
  })
})
