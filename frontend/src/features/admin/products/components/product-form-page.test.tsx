import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import { adminPage, apiError, loggedInAsAdmin, loggedInAsStaff, makeAdminProduct, makeAuditEntry, makeStockMovement } from '@/testing/admin'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'
import { withoutAsterisk } from '@/testing/users'
import type { ProductBody } from '../api/save-product'
import { frenchSpacing } from '@/lib/typography'

beforeEach(() => {
  sessionStore.clear()
  // jsdom has no object URLs: the previews of files being sent get a fake one.
  URL.createObjectURL = vi.fn(() => 'blob:preview')
  URL.revokeObjectURL = vi.fn()
})

const location = () => screen.getByTestId('location').textContent
const toasts = () => screen.getByRole('status', { name: 'Notifications' })
const field = (label: string) => screen.getByLabelText(label, withoutAsterisk)
const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) })
const saveButton = () => screen.getByRole('button', { name: 'Enregistrer le produit' })

const UPLOADED = '/uploads/products/a1b2c3d4e5f60718/800.jpg'

/** POST /api/upload/images: records what was sent, answers one URL per file. */
function mockUpload() {
  // File names do not survive jsdom's File inside Node's FormData: the count and the type field are checked.
  const uploads: { files: number; type: FormDataEntryValue | null }[] = []
  server.use(
    http.post('/api/upload/images', async ({ request }) => {
      const form = await request.formData()
      const files = form.getAll('images') as File[]
      uploads.push({ files: files.length, type: form.get('type') })
      return HttpResponse.json({ data: { urls: files.map((_, i) => (i === 0 ? UPLOADED : `/uploads/products/x${i}/800.jpg`)) } }, { status: 201 })
    }),
  )
  return uploads
}

function mockCreate() {
  const bodies: ProductBody[] = []
  server.use(
    http.post('/api/products', async ({ request }) => {
      const body = (await request.json()) as ProductBody
      bodies.push(body)
      return HttpResponse.json({ data: makeAdminProduct({ name: body.name }) }, { status: 201 })
    }),
    http.get('/api/products', () => HttpResponse.json(adminPage([]))),
  )
  return bodies
}

describe('/admin/products/new', () => {
  it('creates a clothing product: colours typed, sizes ticked, stock with shortcuts, an uploaded image', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    const uploads = mockUpload()
    const bodies = mockCreate()
    renderApp('/admin/products/new')
    await screen.findByRole('heading', { level: 1, name: 'Nouveau produit' })
    // Nothing typed: nothing to save.
    expect(saveButton()).toBeDisabled()

    await user.type(field('Nom'), 'T-shirt Ngor')
    await user.type(field('Description'), 'Coton bio épais.')
    await user.selectOptions(field('Catégorie'), 'Vêtements')
    await user.selectOptions(field('Sous-catégorie'), 'T-shirts')
    await user.type(field('Prix (FCFA)'), '9500')

    await user.click(tab('Couleurs, tailles et stock'))
    await user.type(field('Couleurs'), ' Noir , BLANC,')
    await user.click(screen.getByRole('checkbox', { name: 'M' }))
    await user.click(screen.getByRole('checkbox', { name: 'S' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Stock total à 0 : ce produit ne pourra pas être acheté.')
    await user.click(screen.getByRole('button', { name: 'Mettre chaque taille à 10 (noir)' }))
    await user.click(screen.getByRole('button', { name: 'Ajouter 5 à chaque taille (blanc)' }))
    await user.clear(field('Stock blanc M'))
    await user.type(field('Stock blanc M'), '2')
    // A negative quantity is ignored: the stored 5 comes back when the input is left.
    await user.type(field('Stock blanc S'), '-3')
    await user.tab()
    expect(field('Stock blanc S')).toHaveValue('5')
    expect(screen.getByText('Stock total :').textContent).toBe(frenchSpacing('Stock total : 27'))
    expect(screen.queryByText(/Stock total à 0/)).not.toBeInTheDocument()

    await user.click(tab('Images'))
    await user.upload(field('Ajouter des images'), new File(['png'], 'face.png', { type: 'image/png' }))
    const gallery = await screen.findByRole('list', { name: 'Images du produit' })
    await waitFor(() => expect(within(gallery).getByRole('img', { name: 'Image 1' })).toHaveAttribute('src', UPLOADED.replace('800.jpg', '400.jpg')))
    expect(uploads).toEqual([{ files: 1, type: 'product' }])
    // A new picture shows with every colour until one of the product's colours is chosen for it.
    expect(field('Couleur de l’image 1')).toHaveDisplayValue('Toutes les couleurs')
    expect(within(field('Couleur de l’image 1')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Toutes les couleurs', 'Noir', 'Blanc'])
    await user.selectOptions(field('Couleur de l’image 1'), 'Blanc')

    await user.click(saveButton())
    expect(await within(toasts()).findByText('Produit enregistré avec succès')).toBeVisible()
    expect(bodies).toEqual([
      {
        name: 'T-shirt Ngor',
        shortDescription: '',
        description: 'Coton bio épais.',
        price: 9500,
        promoPrice: null,
        onPromotion: false,
        category: 'vetement',
        subcategory: 't-shirt',
        colors: ['noir', 'blanc'],
        sizes: ['S', 'M'],
        stock: { noir: { S: 10, M: 10 }, blanc: { S: 5, M: 2 } },
        images: [UPLOADED],
        imageColors: ['blanc'],
        material: '',
        careInstructions: '',
        featured: false,
        active: true,
      },
    ])
    await waitFor(() => expect(location()).toBe('/admin/products'))
    // A whole form typed key by key: more than the default 5 s on a busy machine.
  }, 30_000)

  it('creates an accessory with one quantity per colour and the size unique', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    const bodies = mockCreate()
    renderApp('/admin/products/new')
    await user.type(await screen.findByLabelText('Nom', withoutAsterisk), 'Chaîne Cubaine')
    await user.type(field('Description'), 'Maille cubaine.')
    await user.selectOptions(field('Catégorie'), 'Accessoires')
    await user.selectOptions(field('Sous-catégorie'), 'Chaînes')
    await user.type(field('Prix (FCFA)'), '15000')
    await user.click(tab('Couleurs, tailles et stock'))
    expect(screen.queryByRole('group', { name: /Tailles/ })).not.toBeInTheDocument()
    await user.type(field('Couleurs'), 'Doré, argenté')
    await user.type(field('Stock doré'), '4')
    await user.click(saveButton())
    await within(toasts()).findByText('Produit enregistré avec succès')
    expect(bodies[0]).toMatchObject({ colors: ['doré', 'argenté'], sizes: ['unique'], stock: { doré: { unique: 4 }, argenté: { unique: 0 } } })
  }, 30_000)

  it('names the missing fields in one French sentence and sends nothing', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    const bodies = mockCreate()
    renderApp('/admin/products/new')
    await user.type(await screen.findByLabelText('Nom', withoutAsterisk), 'T-shirt')
    await user.click(saveButton())
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent('Champs requis manquants: description, prix, catégorie, sous-catégorie')
    expect(field('Description')).toHaveAccessibleDescription('Ce champ est requis')
    expect(tab('Couleurs, tailles et stock')).toHaveAccessibleName(/à corriger/)
    await user.click(tab('Couleurs, tailles et stock'))
    expect(screen.getByText('Au moins une couleur est requise')).toBeVisible()
    expect(screen.getByText('Les tailles sont requises pour les vêtements')).toBeVisible()
    expect(bodies).toEqual([])
  })

  it('wants a promotional price below the price', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    mockCreate()
    renderApp('/admin/products/new')
    await user.type(await screen.findByLabelText('Prix (FCFA)', withoutAsterisk), '9500')
    await user.type(field('Prix promotionnel (FCFA)'), '9500')
    await user.click(screen.getByRole('checkbox', { name: 'En promotion' }))
    await user.click(saveButton())
    expect(field('Prix promotionnel (FCFA)')).toHaveAccessibleDescription(
      expect.stringContaining('Le prix promotionnel doit être inférieur au prix normal'),
    )
  })

  it('drops files that are not images with a French warning, and sends none of them', async () => {
    const user = userEvent.setup({ applyAccept: false })
    loggedInAsAdmin()
    const uploads = mockUpload()
    renderApp('/admin/products/new')
    await screen.findByRole('heading', { level: 1, name: 'Nouveau produit' })
    await user.click(tab('Images'))
    await user.upload(field('Ajouter des images'), [
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
      new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }),
    ])
    expect(await within(toasts()).findByText('Certains fichiers ne sont pas des images valides')).toBeVisible()
    expect(uploads).toEqual([])
  })

  it('shows the server’s refusal of an upload, and lets the admin remove and reorder pictures', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    server.use(http.post('/api/upload/images', () => apiError(415, 'invalid_image', 'Certains fichiers ne sont pas des images valides')))
    const product = makeAdminProduct({ images: ['/uploads/products/aaa/800.jpg', '/uploads/products/bbb/800.jpg'], imageColors: [null, 'noir'] })
    server.use(http.get(`/api/products/${product.id}`, () => HttpResponse.json({ data: product })))
    renderApp(`/admin/products/edit/${product.id}`)
    await screen.findByRole('heading', { level: 1, name: frenchSpacing(`Modifier « ${product.name} »`) })
    await user.click(tab('Images'))
    await user.upload(field('Ajouter des images'), new File(['fake'], 'photo.jpg', { type: 'image/jpeg' }))
    expect(await within(toasts()).findByText('Certains fichiers ne sont pas des images valides')).toBeVisible()
    const gallery = screen.getByRole('list', { name: 'Images du produit' })
    expect(within(gallery).getAllByRole('listitem')).toHaveLength(2)
    await user.click(within(gallery).getByRole('button', { name: 'Mettre l’image 2 en premier' }))
    expect(within(gallery).getByRole('img', { name: 'Image 1' })).toHaveAttribute('src', '/uploads/products/bbb/400.jpg')
    expect(field('Couleur de l’image 1')).toHaveDisplayValue('Noir')
    expect(field('Couleur de l’image 2')).toHaveDisplayValue('Toutes les couleurs')
    await user.click(within(gallery).getByRole('button', { name: 'Retirer l’image 2' }))
    expect(within(gallery).getAllByRole('listitem')).toHaveLength(1)
    expect(saveButton()).toBeEnabled()
  })
})

describe('/admin/products/edit/:id', () => {
  it('starts from the server’s product, saves only after a change, and sends the whole product with its stock', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    const product = makeAdminProduct({ name: 'T-shirt Ngor', price: 9500 })
    const bodies: ProductBody[] = []
    const reads: string[] = []
    server.use(
      http.get(`/api/products/${product.id}`, ({ request }) => {
        reads.push(new URL(request.url).search)
        return HttpResponse.json({ data: product })
      }),
      http.put(`/api/products/${product.id}`, async ({ request }) => {
        bodies.push((await request.json()) as ProductBody)
        return HttpResponse.json({ data: { ...product, price: 11000 } })
      }),
      http.get('/api/products', () => HttpResponse.json(adminPage([]))),
    )
    renderApp(`/admin/products/edit/${product.id}`)
    expect(await screen.findByLabelText('Nom', withoutAsterisk)).toHaveValue('T-shirt Ngor')
    expect(reads).toEqual(['?scope=admin'])
    expect(saveButton()).toBeDisabled()
    expect(screen.getByText('Aucune modification à enregistrer.')).toBeVisible()
    await user.clear(field('Prix (FCFA)'))
    await user.type(field('Prix (FCFA)'), '11000')
    expect(saveButton()).toBeEnabled()
    await user.click(saveButton())
    expect(await within(toasts()).findByText('Produit enregistré avec succès')).toBeVisible()
    expect(bodies[0]).toMatchObject({ name: 'T-shirt Ngor', price: 11000, colors: ['noir', 'blanc'], sizes: ['S', 'M'], stock: product.stock })
  })

  it('shows a refusal of the server on its field and in its tab', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    const product = makeAdminProduct()
    const message = 'Le stock ne peut porter que sur les couleurs et tailles du produit'
    server.use(
      http.get(`/api/products/${product.id}`, () => HttpResponse.json({ data: product })),
      http.put(`/api/products/${product.id}`, () => apiError(400, 'validation_failed', message, { stock: message })),
    )
    renderApp(`/admin/products/edit/${product.id}`)
    await user.type(await screen.findByLabelText('Matière', withoutAsterisk), 'Coton')
    await user.click(saveButton())
    expect(await within(toasts()).findByText(message)).toBeVisible()
    expect(tab('Couleurs, tailles et stock')).toHaveAttribute('aria-selected', 'true')
    expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(2)
  })

  it('says Produit non trouvé for an unknown product', async () => {
    loggedInAsAdmin()
    server.use(http.get('/api/products/:id', () => apiError(404, 'product_not_found', 'Produit non trouvé')))
    renderApp('/admin/products/edit/3f9c2a7d-0000-4000-8000-999999999999')
    expect(await screen.findByRole('alert')).toHaveTextContent('Produit non trouvé')
  })

  it('says when the product cannot be loaded', async () => {
    loggedInAsAdmin()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(http.get('/api/products/:id', () => HttpResponse.json({ product: {} })))
    renderApp('/admin/products/edit/3f9c2a7d-0000-4000-8000-999999999999')
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur lors du chargement du produit')
  })
})

/** The product's page on a small fake server: the product, its movements, and adjustments applied to both. */
function serveStock(initial: ReturnType<typeof makeAdminProduct>) {
  let product = initial
  let movements = [makeStockMovement({ color: 'noir', size: 'M', before: 3, after: 1 })]
  const requests: string[] = []
  const bodies: unknown[] = []
  server.use(
    http.get(`/api/products/${initial.id}`, () => HttpResponse.json({ data: product })),
    http.get(`/api/admin/products/${initial.id}/stock-movements`, () => {
      requests.push('movements')
      return HttpResponse.json({ data: movements })
    }),
    http.get('/api/products', () => HttpResponse.json(adminPage([product]))),
    http.put(`/api/products/${initial.id}/stock`, async ({ request }) => {
      const body = (await request.json()) as { stock: Record<string, Record<string, number>>; reason: string; note: string }
      bodies.push(body)
      const [[color, sizes]] = Object.entries(body.stock) as [[string, Record<string, number>]]
      const [[size, after]] = Object.entries(sizes) as [[string, number]]
      const before = product.stock[color]![size]!
      product = { ...product, stock: { ...product.stock, [color]: { ...product.stock[color], [size]: after } } }
      movements = [makeStockMovement({ color, size, before, after, reason: body.reason, reasonLabel: 'Inventaire', note: body.note, by: 'Fatou Sow', at: '2026-03-12T09:00:00Z' }), ...movements]
      return HttpResponse.json({ data: product })
    }),
  )
  return { requests, bodies }
}

const movementsSection = () => screen.getByRole('region', { name: 'Mouvements de stock' })

describe('/admin/products/edit/:id, the stock', () => {
  it('shows the saved quantities read only, adjusts them with a reason, and lists the movements', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    const product = makeAdminProduct({ name: 'T-shirt Ngor', stock: { noir: { S: 3, M: 1 }, blanc: { S: 0, M: 4 } } })
    const { requests, bodies } = serveStock(product)
    renderApp(`/admin/products/edit/${product.id}`)
    await screen.findByRole('heading', { level: 1, name: frenchSpacing(`Modifier « ${product.name} »`) })

    // The movements: when, which variant, before → after, why, the note and who.
    const movements = await within(movementsSection()).findAllByRole('row')
    expect(movements).toHaveLength(2)
    expect(movements[1]).toHaveTextContent('11 mars 2026')
    expect(movements[1]).toHaveTextContent('Noir, taille M')
    expect(movements[1]).toHaveTextContent('3 → 1 (−2)')
    expect(movements[1]).toHaveTextContent('Article abîmé')
    expect(movements[1]).toHaveTextContent('Deux t-shirts tachés au déballage')
    expect(movements[1]).toHaveTextContent('Awa Ndiaye')

    // A saved product's quantities are not typed in the form: they are adjusted, with a reason.
    await user.click(tab('Couleurs, tailles et stock'))
    expect(screen.queryByLabelText('Stock noir S')).not.toBeInTheDocument()
    const table = screen.getByRole('table', { name: 'Stock par variante' })
    expect(within(table).getByRole('row', { name: /^noir/ })).toHaveTextContent('noir314')
    await user.click(screen.getByRole('button', { name: 'Ajuster le stock' }))
    const dialog = screen.getByRole('dialog', { name: 'Stock – T-shirt Ngor' })
    await user.clear(within(dialog).getByLabelText('Stock noir S'))
    await user.type(within(dialog).getByLabelText('Stock noir S'), '5')
    await user.selectOptions(within(dialog).getByLabelText('Raison', withoutAsterisk), 'Inventaire')
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le stock' }))
    expect(await within(toasts()).findByText('Stock mis à jour avec succès')).toBeVisible()
    expect(bodies).toEqual([{ stock: { noir: { S: 5 } }, reason: 'recount', note: '' }])

    // The form shows the new quantity and has nothing to save; the movements are asked again.
    await waitFor(() => expect(within(table).getByRole('row', { name: /^noir/ })).toHaveTextContent('noir516'))
    expect(saveButton()).toBeDisabled()
    await waitFor(() => expect(within(movementsSection()).getAllByRole('row')).toHaveLength(3))
    expect(within(movementsSection()).getAllByRole('row')[1]).toHaveTextContent('3 → 5 (+2)')
    expect(requests).toEqual(['movements', 'movements'])
  })

  it('gives a seller the stock alone: variants, quantities, « Ajuster le stock » and the movements; no price, no form, no journal', async () => {
    const user = userEvent.setup()
    loggedInAsStaff('seller')
    const product = makeAdminProduct({ name: 'T-shirt Ngor', stock: { noir: { S: 3, M: 1 }, blanc: { S: 0, M: 4 } } })
    const { bodies } = serveStock(product)
    const asked: string[] = []
    const record = ({ request }: { request: Request }) => {
      asked.push(new URL(request.url).pathname)
    }
    server.events.on('request:start', record)
    onTestFinished(() => server.events.removeListener('request:start', record))
    renderApp(`/admin/products/edit/${product.id}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'T-shirt Ngor' })).toBeVisible()
    await waitFor(() => expect(document.title).toBe('Stock du produit – Administration | Bitik Dakar'))
    const stock = screen.getByRole('region', { name: 'Stock' })
    expect(within(stock).getByText('En stock')).toBeVisible()
    expect(within(stock).getByRole('row', { name: /^blanc/ })).toHaveTextContent('blanc044')
    expect(await within(movementsSection()).findByText('Article abîmé')).toBeVisible()
    for (const label of ['Nom', 'Prix (FCFA)', 'Prix promotionnel (FCFA)', 'Stock noir S']) {
      expect(screen.queryByLabelText(label, withoutAsterisk)).not.toBeInTheDocument()
    }
    expect(screen.queryByRole('tab')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Enregistrer le produit' })).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Journal' })).not.toBeInTheDocument()

    await user.click(within(stock).getByRole('button', { name: 'Ajuster le stock' }))
    const dialog = screen.getByRole('dialog', { name: 'Stock – T-shirt Ngor' })
    await user.clear(within(dialog).getByLabelText('Stock blanc M'))
    await user.type(within(dialog).getByLabelText('Stock blanc M'), '6')
    await user.selectOptions(within(dialog).getByLabelText('Raison', withoutAsterisk), 'Article retrouvé')
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le stock' }))
    expect(await within(toasts()).findByText('Stock mis à jour avec succès')).toBeVisible()
    expect(bodies).toEqual([{ stock: { blanc: { M: 6 } }, reason: 'found', note: '' }])
    await waitFor(() => expect(within(stock).getByRole('row', { name: /^blanc/ })).toHaveTextContent('blanc066'))
    // Nothing a seller may not read is asked for: no journal, no waiting alerts.
    expect(asked.filter((path) => path.startsWith('/api/admin/audit') || path.endsWith('/alerts'))).toEqual([])
  })

  it('shows the product’s own journal to who may read it', async () => {
    loggedInAsAdmin()
    const product = makeAdminProduct({ name: 'T-shirt Ngor' })
    serveStock(product)
    const queries: Record<string, string>[] = []
    server.use(
      http.get('/api/admin/audit', ({ request }) => {
        queries.push(Object.fromEntries(new URL(request.url).searchParams))
        return HttpResponse.json(
          adminPage(
            [
              makeAuditEntry({
                action: 'product.update',
                target: { type: 'product', id: product.id, label: 'T-shirt Ngor' },
                changes: [
                  { field: 'price', before: 9500, after: 11000 },
                  { field: 'featured', before: false, after: true },
                ],
              }),
            ],
            { totalItems: 1 },
          ),
        )
      }),
    )
    renderApp(`/admin/products/edit/${product.id}`)
    const journal = await screen.findByRole('region', { name: 'Journal' })
    const entries = await within(journal).findByRole('list', { name: 'Journal du produit' })
    expect(entries).toHaveTextContent('Produit modifié')
    expect(entries).toHaveTextContent('fatou@bitik.sn')
    expect(entries).toHaveTextContent('Administrateur')
    const changes = within(entries).getByRole('list', { name: 'Changements' })
    expect(within(changes).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      frenchSpacing('price : 9500 → 11000'),
      frenchSpacing('featured : non → oui'),
    ])
    expect(queries).toEqual([{ page: '1', limit: '20', targetType: 'product', targetId: product.id }])
  })
})
