import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { MemoryRouter, useNavigate } from 'react-router'
import { AppRoutes } from '@/app/app'
import { AppProvider } from '@/app/provider'
import { createQueryClient } from '@/app/query-client'
import { makeProduct, page } from '@/testing/fixtures'
import { LocationDisplay, renderApp } from '@/testing/render'
import { server } from '@/testing/server'
import { frenchSpacing } from '@/lib/typography'

/** Answers /api/products and records each query string it was asked. */
function products(handler?: Parameters<typeof http.get>[1]) {
  const seen: URLSearchParams[] = []
  server.use(
    http.get('/api/products', (info) => {
      seen.push(new URL(info.request.url).searchParams)
      return handler ? handler(info) : HttpResponse.json(page([makeProduct({ name: 'Tee Plateau' })], { totalItems: 30, totalPages: 3 }))
    }),
  )
  return seen
}

const location = () => screen.getByTestId('location').textContent

/** The whole app in a memory router, with Back/Forward buttons standing for the browser's. */
function renderWithHistory(route: string) {
  function History() {
    const navigate = useNavigate()
    return (
      <>
        <button type="button" onClick={() => void navigate(-1)}>Précédent (navigateur)</button>
        <button type="button" onClick={() => void navigate(1)}>Suivant (navigateur)</button>
      </>
    )
  }
  return render(
    <AppProvider queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
        <LocationDisplay />
        <History />
      </MemoryRouter>
    </AppProvider>,
  )
}

function sidebar() {
  return screen.getByRole('complementary', { name: 'Filtres' })
}

describe('/products', () => {
  it('mirrors the address in the API query and shows heading, count, grid and pagination', async () => {
    const seen = products(() =>
      HttpResponse.json(page([makeProduct({ name: 'Tee Plateau' })], { page: 2, totalItems: 30, totalPages: 3 })),
    )
    renderApp('/products?new=true&page=2&sort=price-desc&colors=noir,blanc')

    expect(await screen.findByRole('heading', { level: 1, name: 'Nouveautés' })).toBeVisible()
    expect(await screen.findByText('30 produits')).toBeVisible()
    expect(screen.getByRole('link', { name: /Tee Plateau/ })).toBeVisible()
    const pagination = screen.getByRole('navigation', { name: 'Pagination' })
    expect(within(pagination).getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
    expect(within(pagination).getByRole('link', { name: 'Page 3' })).toHaveAttribute(
      'href',
      '/products?page=3&sort=price-desc&colors=noir,blanc&new=true',
    )
    expect(within(pagination).getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/products?sort=price-desc&colors=noir,blanc&new=true')
    expect(Object.fromEntries(seen[0]!)).toEqual({ page: '2', limit: '12', sort: 'price-desc', colors: 'noir,blanc', new: 'true' })
    await waitFor(() => expect(document.title).toBe('Nouveautés – page 2 | Bitik Dakar'))
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'http://localhost:3000/products?new=true&page=2')
  })

  it('says "Plus de" when the server stopped counting ahead, and still offers the next pages', async () => {
    products(() => HttpResponse.json(page([makeProduct({ name: 'Tee Plateau' })], { totalItems: 132, totalPages: 11, totalIsLowerBound: true })))
    renderApp('/products')

    expect(await screen.findByText('Plus de 132 produits')).toBeVisible()
    const pagination = screen.getByRole('navigation', { name: 'Pagination' })
    expect(within(pagination).getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/products?page=2')
  })

  it('loads the first row of pictures at once (the first two first) and the rest lazily, sized for the screen', async () => {
    products(() => HttpResponse.json(page(Array.from({ length: 6 }, (_, i) => makeProduct({ name: `Tee ${i + 1}`, images: [`/uploads/products/p${i}/800.jpg`] })))))
    renderApp('/products')
    await screen.findByText('Tee 6')
    const images = screen.getAllByRole('img').filter((img) => img.getAttribute('src')?.startsWith('/uploads/'))
    expect(images.map((img) => [img.getAttribute('loading'), img.getAttribute('fetchpriority')])).toEqual([
      ['eager', 'high'],
      ['eager', 'high'],
      ['eager', null],
      ['eager', null],
      ['lazy', null],
      ['lazy', null],
    ])
    expect(images[0]).toHaveAttribute('srcset', '/uploads/products/p0/400.jpg 400w, /uploads/products/p0/800.jpg 800w, /uploads/products/p0/1200.jpg 1200w')
    // Beside the sidebar the cards are narrower.
    expect(images[0]).toHaveAttribute('sizes', '(min-width: 1200px) 210px, (min-width: 769px) 17vw, 50vw')
  })

  it('offers the colours and sizes the facets answer, with their counts, for the listing\'s own filters', async () => {
    products()
    const asked: URLSearchParams[] = []
    server.use(
      http.get('/api/products/facets', ({ request }) => {
        asked.push(new URL(request.url).searchParams)
        const counts = (pairs: [string, number][]) => pairs.map(([value, count]) => ({ value, count }))
        return HttpResponse.json({
          data: {
            colors: counts([['noir', 7], ['kaki', 2]]),
            sizes: counts([['M', 4], ['L', 1]]),
            price: { min: 5_000, max: 18_000 },
            categories: [],
          },
        })
      }),
    )
    renderApp('/products?search=t-shirt%20noir&colors=bordeaux&page=2&sort=price-asc')
    await screen.findByText('30 produits')
    const filters = sidebar()
    const kaki = await within(filters).findByRole('checkbox', { name: 'Kaki' })
    expect(kaki).not.toBeChecked()
    expect(kaki).toHaveAccessibleDescription('2 produits de cette couleur')
    expect(within(filters).getByRole('checkbox', { name: 'Noir' })).toHaveAccessibleDescription('7 produits de cette couleur')
    // A colour of the address that no product has under these filters stays, checked, at zero.
    const bordeaux = within(filters).getByRole('checkbox', { name: 'Bordeaux' })
    expect(bordeaux).toBeChecked()
    expect(bordeaux).toHaveAccessibleDescription('0 produit de cette couleur')
    // Only what exists: not the usual list of every colour and size.
    expect(within(filters).queryByRole('checkbox', { name: 'Blanc' })).toBeNull()
    expect(within(filters).getAllByRole('checkbox', { name: /^(XS|S|M|L|XL|XXL)$/ }).map((box) => box.getAttribute('value'))).toEqual(['M', 'L'])
    expect(within(filters).getByRole('checkbox', { name: 'M' })).toHaveAccessibleDescription('4 produits dans cette taille')
    // Asked with the listing's filters, without its page and sort.
    expect(Object.fromEntries(asked[0]!)).toEqual({ search: 't-shirt noir', colors: 'bordeaux' })
  })

  it('counts the categories and tells the price range under the other filters, hiding what has no product', async () => {
    products()
    renderApp('/products?colors=noir')
    await screen.findByText('30 produits')
    const filters = sidebar()
    const clothes = await within(filters).findByRole('radio', { name: 'Vêtements' })
    expect(clothes).toHaveAccessibleDescription('20 produits dans cette catégorie')
    expect(within(filters).getByRole('radio', { name: 'Chaînes' })).toHaveAccessibleDescription('3 produits dans cette catégorie')
    expect(within(filters).getByRole('radio', { name: 'Tous nos produits' })).toHaveAccessibleDescription('23 produits en tout')
    // No product is a pair of glasses under these filters.
    expect(within(filters).queryByRole('radio', { name: 'Lunettes' })).toBeNull()
    expect(within(filters).getByText('De 3 000 FCFA à 45 000 FCFA')).toBeVisible()
    expect(within(filters).getByRole('textbox', { name: 'Minimum' })).toHaveAccessibleDescription('De 3 000 FCFA à 45 000 FCFA')
  })

  it('keeps a chosen subcategory that has no product, checked, at zero', async () => {
    products()
    renderApp('/products?category=accessoire&subcategory=lunette')
    await screen.findByText('30 produits')
    const glasses = await within(sidebar()).findByRole('radio', { name: 'Lunettes' })
    expect(glasses).toBeChecked()
    await waitFor(() => expect(glasses).toHaveAccessibleDescription('0 produit dans cette catégorie'))
  })

  it('shows the state of the address in the sidebar and the sort selector (reload)', async () => {
    products()
    renderApp('/products?category=vetement&subcategory=pull&colors=noir,bleu%20marine&sizes=M,XL&minPrice=5000&maxPrice=20000&promotion=true&sort=price-asc')
    await screen.findByText('30 produits')
    const filters = sidebar()
    expect(within(filters).getByRole('radio', { name: 'Pulls' })).toBeChecked()
    expect(within(filters).getByRole('checkbox', { name: 'Noir' })).toBeChecked()
    expect(within(filters).getByRole('checkbox', { name: 'Bleu marine' })).toBeChecked()
    expect(within(filters).getByRole('checkbox', { name: 'Blanc' })).not.toBeChecked()
    expect(within(filters).getByRole('checkbox', { name: 'M' })).toBeChecked()
    expect(within(filters).getByRole('checkbox', { name: 'XL' })).toBeChecked()
    expect(within(filters).getByRole('checkbox', { name: 'S' })).not.toBeChecked()
    expect(within(filters).getByRole('checkbox', { name: 'En promotion' })).toBeChecked()
    expect(within(filters).getByRole('checkbox', { name: 'Nouveautés' })).not.toBeChecked()
    expect(within(filters).getByRole('textbox', { name: 'Minimum' })).toHaveValue('5000')
    expect(within(filters).getByRole('textbox', { name: 'Maximum' })).toHaveValue('20000')
    expect(screen.getByRole('combobox', { name: 'Trier par' })).toHaveValue('price-asc')
  })

  it('writes every change to the address, back on page 1, and asks the API for it', async () => {
    const user = userEvent.setup()
    const seen = products()
    renderApp('/products?page=3&sort=price-asc')
    await screen.findByText('30 produits')

    await user.click(within(sidebar()).getByRole('checkbox', { name: 'Noir' }))
    await waitFor(() => expect(location()).toBe('/products?sort=price-asc&colors=noir'))
    await user.click(within(sidebar()).getByRole('checkbox', { name: 'Doré' }))
    await waitFor(() => expect(location()).toBe('/products?sort=price-asc&colors=noir,dor%C3%A9'))
    await user.click(within(sidebar()).getByRole('checkbox', { name: 'XL' }))
    await user.click(within(sidebar()).getByRole('checkbox', { name: 'S' }))
    await waitFor(() => expect(location()).toBe('/products?sort=price-asc&colors=noir,dor%C3%A9&sizes=S,XL'))
    await user.click(within(sidebar()).getByRole('radio', { name: 'Chaînes' }))
    await waitFor(() => expect(location()).toBe('/products?sort=price-asc&category=accessoire&subcategory=chaine&colors=noir,dor%C3%A9&sizes=S,XL'))
    expect(screen.getByRole('heading', { level: 1, name: 'Chaînes' })).toBeVisible()
    await user.click(within(sidebar()).getByRole('checkbox', { name: 'Nouveautés' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Trier par' }), 'Plus récents')
    await waitFor(() => expect(location()).toBe('/products?category=accessoire&subcategory=chaine&colors=noir,dor%C3%A9&sizes=S,XL&new=true'))
    await waitFor(() =>
      expect(Object.fromEntries(seen.at(-1)!)).toEqual({
        page: '1',
        limit: '12',
        category: 'accessoire',
        subcategory: 'chaine',
        colors: 'noir,doré',
        sizes: 'S,XL',
        new: 'true',
      }),
    )

    await user.click(within(sidebar()).getByRole('checkbox', { name: 'Noir' }))
    await waitFor(() => expect(location()).toBe('/products?category=accessoire&subcategory=chaine&colors=dor%C3%A9&sizes=S,XL&new=true'))
    await user.click(within(sidebar()).getByRole('button', { name: 'Réinitialiser les filtres' }))
    await waitFor(() => expect(location()).toBe('/products'))
    expect(within(sidebar()).getByRole('radio', { name: 'Tous nos produits' })).toBeChecked()
  })

  it('keeps quick successive changes, each control showing its new state at once', async () => {
    const user = userEvent.setup()
    products()
    renderApp('/products')
    await screen.findByText('30 produits')
    const noir = within(sidebar()).getByRole('checkbox', { name: 'Noir' })
    const m = within(sidebar()).getByRole('checkbox', { name: 'M' })
    await user.click(noir)
    expect(noir).toBeChecked()
    await user.click(m)
    expect(m).toBeChecked()
    await user.click(within(sidebar()).getByRole('checkbox', { name: 'En promotion' }))
    await waitFor(() => expect(location()).toBe('/products?colors=noir&sizes=M&promotion=true'))
    expect(noir).toBeChecked()
  })

  it('waits for typing to pause before following the price fields, and refuses a minimum above the maximum', async () => {
    const user = userEvent.setup()
    products()
    renderApp('/products?maxPrice=10000')
    await screen.findByText('30 produits')
    const min = within(sidebar()).getByRole('textbox', { name: 'Minimum' })

    await user.type(min, '5 0x00')
    expect(min).toHaveValue('5000')
    expect(location()).toBe('/products?maxPrice=10000')
    await waitFor(() => expect(location()).toBe('/products?minPrice=5000&maxPrice=10000'), { timeout: 2000 })

    await user.clear(min)
    await user.type(min, '20000')
    expect(await within(sidebar()).findByRole('alert')).toHaveTextContent('Le prix minimum ne peut pas dépasser le prix maximum.')
    await new Promise((r) => setTimeout(r, 800))
    expect(location()).toBe('/products?minPrice=5000&maxPrice=10000')

    const max = within(sidebar()).getByRole('textbox', { name: 'Maximum' })
    await user.clear(max)
    await user.keyboard('{Enter}')
    await waitFor(() => expect(location()).toBe('/products?minPrice=20000'))
  })

  it('restores the state on back and forward', async () => {
    const user = userEvent.setup()
    products()
    renderWithHistory('/products')
    await screen.findByText('30 produits')

    await user.click(within(sidebar()).getByRole('checkbox', { name: 'Noir' }))
    await waitFor(() => expect(location()).toBe('/products?colors=noir'))
    await user.click(within(sidebar()).getByRole('checkbox', { name: 'M' }))
    await waitFor(() => expect(location()).toBe('/products?colors=noir&sizes=M'))

    await user.click(screen.getByRole('button', { name: 'Précédent (navigateur)' }))
    await waitFor(() => expect(location()).toBe('/products?colors=noir'))
    expect(within(sidebar()).getByRole('checkbox', { name: 'Noir' })).toBeChecked()
    expect(within(sidebar()).getByRole('checkbox', { name: 'M' })).not.toBeChecked()

    await user.click(screen.getByRole('button', { name: 'Précédent (navigateur)' }))
    await waitFor(() => expect(location()).toBe('/products'))
    expect(within(sidebar()).getByRole('checkbox', { name: 'Noir' })).not.toBeChecked()

    await user.click(screen.getByRole('button', { name: 'Suivant (navigateur)' }))
    await user.click(screen.getByRole('button', { name: 'Suivant (navigateur)' }))
    await waitFor(() => expect(location()).toBe('/products?colors=noir&sizes=M'))
    expect(within(sidebar()).getByRole('checkbox', { name: 'M' })).toBeChecked()
  })

  it('keeps a colour of the address that is not in the usual list, checked', async () => {
    products()
    renderApp('/products?colors=fuchsia,vert%20d%27eau')
    await screen.findByText('30 produits')
    expect(within(sidebar()).getByRole('checkbox', { name: 'Fuchsia' })).toBeChecked()
    expect(within(sidebar()).getByRole('checkbox', { name: "Vert d'eau" })).toBeChecked()
  })

  it('drops from the address a parameter the server refuses, then shows the products', async () => {
    const seen = products(({ request }) => {
      if (new URL(request.url).searchParams.has('search')) {
        return HttpResponse.json(
          { code: 'invalid_query', message: 'Paramètre invalide', fields: { search: 'La recherche est invalide.' } },
          { status: 400 },
        )
      }
      return HttpResponse.json(page([makeProduct({ name: 'Tee Plateau' })]))
    })
    renderApp('/products?search=%E2%9C%93&colors=noir')
    await waitFor(() => expect(location()).toBe('/products?colors=noir'))
    expect(await screen.findByRole('link', { name: /Tee Plateau/ })).toBeVisible()
    expect(seen).toHaveLength(2)
  })

  it('titles a search with the searched text, sorts by relevance and hides pagination for a single page', async () => {
    products(() => HttpResponse.json(page([makeProduct()])))
    renderApp('/products?search=chaine')
    expect(await screen.findByRole('heading', { level: 1, name: frenchSpacing('Résultats pour « chaine »') })).toBeVisible()
    expect(await screen.findByText('1 produit')).toBeVisible()
    expect(screen.getByRole('combobox', { name: 'Trier par' })).toHaveValue('relevance')
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument()
  })

  it('says so when nothing matches, with a way back', async () => {
    const user = userEvent.setup()
    products(({ request }) =>
      new URL(request.url).searchParams.has('sizes')
        ? HttpResponse.json(page([], { totalItems: 0, totalPages: 0 }))
        : HttpResponse.json(page([makeProduct()])),
    )
    renderApp('/products?subcategory=pull&sizes=XXL')
    expect(await screen.findByRole('heading', { level: 1, name: 'Pulls' })).toBeVisible()
    const empty = await screen.findByText('Aucun produit ne correspond à vos critères.')
    await user.click(within(empty.parentElement!).getByRole('button', { name: 'Réinitialiser les filtres' }))
    await waitFor(() => expect(location()).toBe('/products'))
  })

  it('shows the active filters as chips above the results: one removes its filter, « Tout effacer » them all', async () => {
    const user = userEvent.setup()
    products()
    renderApp('/products?search=pull&subcategory=pull&minPrice=5000&colors=noir&sizes=M,L&promotion=true')
    const chips = await screen.findByRole('list', { name: 'Filtres actifs' })
    expect(within(chips).getAllByRole('button').map((chip) => chip.textContent)).toEqual([
      'Catégorie : Pulls✕',
      'Prix : dès 5 000 FCFA✕',
      'Couleur : Noir✕',
      'Taille : M✕',
      'Taille : L✕',
      'En promotion✕',
    ].map(frenchSpacing))
    await user.click(within(chips).getByRole('button', { name: frenchSpacing('Retirer le filtre Taille : M') }))
    await waitFor(() => expect(location()).toBe('/products?subcategory=pull&minPrice=5000&colors=noir&sizes=L&promotion=true&search=pull'))
    expect(within(sidebar()).getByRole('checkbox', { name: 'M' })).not.toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Tout effacer' }))
    // The search is what was asked, not a filter: it stays.
    await waitFor(() => expect(location()).toBe('/products?search=pull'))
    expect(screen.queryByRole('list', { name: 'Filtres actifs' })).not.toBeInTheDocument()
  })

  it('a search that finds nothing offers the whole catalogue and the shop on WhatsApp, naming what was searched', async () => {
    const user = userEvent.setup()
    products(({ request }) =>
      new URL(request.url).searchParams.has('search')
        ? HttpResponse.json(page([], { totalItems: 0, totalPages: 0 }))
        : HttpResponse.json(page([makeProduct({ name: 'Tee Plateau' })])),
    )
    renderApp('/products?search=boubou%20brod%C3%A9')
    await screen.findByText('Aucun produit ne correspond à vos critères.')
    const whatsapp = await screen.findByRole('link', { name: 'Nous demander sur WhatsApp' })
    const href = new URL(whatsapp.getAttribute('href')!)
    expect(href.origin).toBe('https://wa.me')
    expect(href.searchParams.get('text')).toContain(frenchSpacing('« boubou brodé »'))
    expect(whatsapp).toHaveAttribute('target', '_blank')
    await user.click(screen.getByRole('link', { name: 'Voir tout le catalogue' }))
    await waitFor(() => expect(location()).toBe('/products'))
    expect(await screen.findByRole('link', { name: /Tee Plateau/ })).toBeVisible()
  })

  it('offers the first page when the page asked for is past the end', async () => {
    products(() => HttpResponse.json(page([], { page: 9, totalItems: 30, totalPages: 3 })))
    renderApp('/products?page=9&colors=noir')
    await screen.findByText('Aucun produit ne correspond à vos critères.')
    expect(screen.getByRole('link', { name: 'Revenir à la première page' })).toHaveAttribute('href', '/products?colors=noir')
  })

  it('says so when the products cannot be loaded', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    products(() => HttpResponse.json({ code: 'internal', message: 'Erreur interne' }, { status: 500 }))
    renderApp('/products')
    expect(await screen.findByRole('heading', { level: 1, name: 'Tous nos produits' })).toBeVisible()
    // GETs are retried twice on a 5xx (1 s, then 2 s) before giving up.
    await act(() => vi.advanceTimersByTimeAsync(3100))
    expect(await screen.findByText('Impossible de charger les produits. Veuillez réessayer plus tard.')).toBeVisible()
  })
})

describe('/products on a phone', () => {
  it('puts the filters in a drawer opened by the Filtres button', async () => {
    vi.stubGlobal('matchMedia',
      (query: string) =>
        ({
          matches: false,
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    )
    onTestFinished(() => {
      vi.unstubAllGlobals()
    })
    const user = userEvent.setup()
    products()
    renderApp('/products?sizes=M')
    await screen.findByText('30 produits')
    expect(screen.queryByRole('complementary', { name: 'Filtres' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Filtres, 1 actif' }))
    const drawer = screen.getByRole('dialog', { name: 'Filtres' })
    expect(within(drawer).getByRole('checkbox', { name: 'M' })).toBeChecked()
    await user.click(within(drawer).getByRole('checkbox', { name: 'Noir' }))
    await waitFor(() => expect(location()).toBe('/products?colors=noir&sizes=M'))
    await user.click(within(drawer).getByRole('button', { name: 'Voir 30 produits' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Filtres, 2 actifs' })).toBeVisible()
  })
})
