import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import { frenchSpacing } from '@/lib/typography'
import { adminPage, apiError, loggedInAsAdmin, loggedInAsStaff, makeAdminProduct } from '@/testing/admin'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'
import { withoutAsterisk } from '@/testing/users'
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

/** PUT /api/products/{id}/stock: records the bodies, answers the product with `stock`. */
function mockStockUpdate(product: AdminProduct, stock: AdminProduct['stock']) {
  const bodies: unknown[] = []
  server.use(
    http.put(`/api/products/${product.id}/stock`, async ({ request }) => {
      bodies.push(await request.json())
      return HttpResponse.json({ data: { ...product, stock } })
    }),
  )
  return bodies
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

  it('adjusts the stock from the list: shortcuts, a reason, save only on change, only the changed variants sent', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    const product = makeAdminProduct({ name: 'T-shirt Ngor', stock: { noir: { S: 3, M: 1 }, blanc: { S: 0, M: 4 } } })
    mockProducts([product])
    const bodies = mockStockUpdate(product, { noir: { S: 8, M: 6 }, blanc: { S: 0, M: 4 } })
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
    // The four reasons, none chosen: nothing is sent without one.
    const reason = within(dialog).getByLabelText('Raison', withoutAsterisk)
    expect(within(reason).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choisir une raison…',
      'Inventaire',
      'Article abîmé',
      'Article retrouvé',
      'Autre',
    ])
    await user.click(save)
    expect(reason).toHaveAccessibleDescription("Indiquez la raison de l'ajustement.")
    expect(reason).toHaveFocus()
    expect(bodies).toEqual([])
    await user.selectOptions(reason, 'Inventaire')
    expect(reason).not.toHaveAccessibleDescription("Indiquez la raison de l'ajustement.")
    await user.type(within(dialog).getByLabelText('Note', withoutAsterisk), 'Recompté le rayon')
    await user.click(save)
    expect(await within(toasts()).findByText('Stock mis à jour avec succès')).toBeVisible()
    expect(bodies).toEqual([{ stock: { noir: { S: 8, M: 6 } }, reason: 'recount', note: 'Recompté le rayon' }])
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('wants a note for « Autre », and shows the server’s refusal on its field', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    const product = makeAdminProduct({ name: 'T-shirt Ngor', stock: { noir: { S: 3, M: 1 }, blanc: { S: 0, M: 4 } } })
    mockProducts([product])
    const bodies: unknown[] = []
    server.use(
      http.put(`/api/products/${product.id}/stock`, async ({ request }) => {
        bodies.push(await request.json())
        return apiError(400, 'validation_failed', 'Précisez la raison dans la note.', { note: 'Précisez la raison dans la note.' })
      }),
    )
    renderApp('/admin/products')
    await user.click(await screen.findByRole('button', { name: 'Modifier le stock de T-shirt Ngor' }))
    const dialog = screen.getByRole('dialog', { name: 'Stock – T-shirt Ngor' })
    await user.clear(within(dialog).getByLabelText('Stock blanc M'))
    await user.type(within(dialog).getByLabelText('Stock blanc M'), '2')
    const note = within(dialog).getByLabelText('Note', withoutAsterisk)
    expect(note).not.toBeRequired()
    await user.selectOptions(within(dialog).getByLabelText('Raison', withoutAsterisk), 'Autre')
    // « Autre » says why in the note: it becomes required, and is asked for before anything is sent.
    expect(note).toBeRequired()
    expect(note).toHaveAccessibleDescription(frenchSpacing('Obligatoire pour « Autre » : dites ce qui s’est passé.'))
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le stock' }))
    expect(note).toHaveAccessibleDescription(expect.stringContaining('Précisez la raison dans la note.'))
    expect(note).toHaveFocus()
    expect(bodies).toEqual([])
    // A note of spaces only is no note for the server: its refusal lands on the field too.
    await user.type(note, '   ')
    expect(note).not.toHaveAccessibleDescription(expect.stringContaining('Précisez'))
    await user.type(note, 'x')
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le stock' }))
    expect(await within(toasts()).findByText('Précisez la raison dans la note.')).toBeVisible()
    expect(bodies).toEqual([{ stock: { blanc: { M: 2 } }, reason: 'other', note: 'x' }])
    expect(note).toHaveAccessibleDescription(expect.stringContaining('Précisez la raison dans la note.'))
    // The dialog stays open with what was typed.
    expect(within(dialog).getByLabelText('Stock blanc M')).toHaveValue('2')
  })

  it('warns in the stock editor when nothing is left, and reports a refused update', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    const product = makeAdminProduct({ name: 'T-shirt Ngor', stock: { noir: { S: 3, M: 1 }, blanc: { S: 0, M: 0 } } })
    mockProducts([product])
    server.use(
      http.put(`/api/products/${product.id}/stock`, () =>
        apiError(400, 'validation_failed', 'Le stock doit être un nombre entier positif ou nul.', { stock: 'Le stock doit être un nombre entier positif ou nul.' }),
      ),
    )
    renderApp('/admin/products')
    await user.click(await screen.findByRole('button', { name: 'Modifier le stock de T-shirt Ngor' }))
    const dialog = screen.getByRole('dialog')
    expect(within(dialog).queryByText('Stock total à 0 : ce produit ne pourra pas être acheté.')).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Mettre chaque taille à 0 (noir)' }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Stock total à 0 : ce produit ne pourra pas être acheté.')
    await user.selectOptions(within(dialog).getByLabelText('Raison', withoutAsterisk), 'Article abîmé')
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le stock' }))
    expect(await within(toasts()).findByText('Le stock doit être un nombre entier positif ou nul.')).toBeVisible()
    expect(within(dialog).getByText('Le stock doit être un nombre entier positif ou nul.')).toBeVisible()
    // The dialog stays open with what was typed.
    expect(within(dialog).getByLabelText('Stock noir S')).toHaveValue('0')
  })

  it('shows a seller the stock-only list: quantities and « Stock », no new product, import, export, edit or delete', async () => {
    const user = userEvent.setup()
    loggedInAsStaff('seller')
    const product = makeAdminProduct({ name: 'T-shirt Ngor' })
    mockProducts([product, low()])
    const bodies = mockStockUpdate(product, { noir: { S: 3, M: 0 }, blanc: { S: 0, M: 4 } })
    renderApp('/admin/products')
    const row = (await screen.findByRole('link', { name: 'T-shirt Ngor' })).closest('tr')!
    expect(row).toHaveTextContent('8')
    expect(within(row).getByText('En stock')).toBeVisible()
    expect(within(row).getByRole('link', { name: 'T-shirt Ngor' })).toHaveAttribute('href', `/admin/products/edit/${product.id}`)
    for (const name of ['Nouveau produit', 'Exporter (CSV)', 'Importer (CSV)']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument()
      expect(screen.queryByRole('link', { name })).not.toBeInTheDocument()
    }
    expect(within(row).queryByRole('link', { name: 'Modifier T-shirt Ngor' })).not.toBeInTheDocument()
    expect(within(row).queryByRole('button', { name: 'Supprimer T-shirt Ngor' })).not.toBeInTheDocument()
    // The sidebar opens « Produits » to the seller.
    expect(within(screen.getByRole('navigation', { name: 'Administration' })).getByRole('link', { name: 'Produits' })).toBeVisible()

    await user.click(within(row).getByRole('button', { name: 'Modifier le stock de T-shirt Ngor' }))
    const dialog = screen.getByRole('dialog', { name: 'Stock – T-shirt Ngor' })
    await user.clear(within(dialog).getByLabelText('Stock noir M'))
    await user.type(within(dialog).getByLabelText('Stock noir M'), '0')
    await user.selectOptions(within(dialog).getByLabelText('Raison', withoutAsterisk), 'Article abîmé')
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le stock' }))
    expect(await within(toasts()).findByText('Stock mis à jour avec succès')).toBeVisible()
    expect(bodies).toEqual([{ stock: { noir: { M: 0 } }, reason: 'damaged', note: '' }])
  })

  it('says when the list cannot be loaded', async () => {
    loggedInAsAdmin()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(http.get('/api/products', () => HttpResponse.json({ products: [] })))
    renderApp('/admin/products')
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur lors du chargement des produits')
  })
})
