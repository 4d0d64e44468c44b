import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useQuery } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { renderWithProviders } from '@/testing/render'
import { AdminListPage, countLabel, FilterSelect, useListParams, type ListPage } from './admin-list'
import { AdminTable } from './admin-table'

interface Fruit {
  id: string
  name: string
}

type FetchPage = (params: URLSearchParams) => Promise<ListPage<Fruit>>

const page = (items: Fruit[], pagination: Partial<ListPage<Fruit>['pagination']> = {}): ListPage<Fruit> => ({
  data: items,
  pagination: { page: 1, totalPages: 1, totalItems: items.length, ...pagination },
})
const MANGUE = { id: 'f1', name: 'Mangue' }

/** A list screen made of the scaffold, as products, orders and users are. */
function FruitsPage({ fetchPage }: { fetchPage: FetchPage }) {
  const { params, change } = useListParams()
  const list = useQuery({ queryKey: ['fruits', params.toString()], queryFn: () => fetchPage(params), retry: false })
  return (
    <AdminListPage
      title="Fruits"
      subtitle="Le marché de Sandaga."
      actions={<a href="/admin/fruits/new">Nouveau fruit</a>}
      list={list}
      search={{ placeholder: 'Nom du fruit', value: params.get('search') ?? '' }}
      filters={
        <FilterSelect
          label="Couleur"
          value={params.get('color') ?? ''}
          anyLabel="Toutes"
          options={[
            { value: 'jaune', label: 'Jaune' },
            { value: 'rouge', label: 'Rouge' },
          ]}
          onChange={(color) => change({ color })}
        />
      }
      texts={{ loading: 'Chargement des fruits…', loadFailed: 'Erreur lors du chargement des fruits', empty: 'Aucun fruit trouvé', itemName: 'fruit' }}
      table={(items) => <AdminTable items={items} columns={[{ header: 'Nom', cell: (fruit) => fruit.name }]} rowKey={(fruit) => fruit.id} />}
    >
      <p>Une boîte de dialogue</p>
    </AdminListPage>
  )
}

function renderFruits(fetchPage: FetchPage, route = '/admin/fruits') {
  return renderWithProviders(<FruitsPage fetchPage={fetchPage} />, { route })
}

const location = () => screen.getByTestId('location').textContent
const toasts = () => screen.getByRole('status', { name: 'Notifications' })

describe('AdminListPage', () => {
  it('shows the header, the toolbar (search first), the count, the rows and what follows the list', async () => {
    renderFruits(async () => page([MANGUE, { id: 'f2', name: 'Bissap' }], { totalItems: 2 }))
    expect(screen.getByRole('heading', { level: 1, name: 'Fruits' })).toBeVisible()
    expect(screen.getByText('Le marché de Sandaga.')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Nouveau fruit' })).toBeVisible()
    const search = screen.getByRole('searchbox', { name: 'Rechercher' })
    expect(search).toHaveAttribute('placeholder', 'Nom du fruit')
    expect(search.closest('label')!.parentElement!.firstElementChild).toBe(search.closest('label'))
    expect(await screen.findByText('2 fruits')).toBeVisible()
    expect(screen.getAllByRole('row').slice(1).map((tr) => tr.textContent)).toEqual(['Mangue', 'Bissap'])
    expect(screen.getByText('Une boîte de dialogue')).toBeInTheDocument()
  })

  it('says it is loading while the first page comes', async () => {
    let answer: (value: ListPage<Fruit>) => void = () => {}
    renderFruits(() => new Promise((resolve) => (answer = resolve)))
    expect(screen.getByText('Chargement des fruits…').closest('[role="status"]')).toBeInTheDocument()
    const section = screen.getByRole('heading', { level: 1, name: 'Fruits' }).closest('section')!
    expect(section).toHaveAttribute('aria-busy', 'true')
    answer(page([MANGUE]))
    expect(await screen.findByText('1 fruit')).toBeVisible()
    expect(screen.queryByText('Chargement des fruits…')).not.toBeInTheDocument()
    await waitFor(() => expect(section).not.toHaveAttribute('aria-busy'))
  })

  it('says when nothing matches, with no count and no page links', async () => {
    renderFruits(async () => page([]))
    expect(await screen.findByText('Aucun fruit trouvé')).toBeVisible()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.queryByText(/\d+ fruits?/)).not.toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument()
  })

  it('links the other pages with the filters kept, and a page link asks for that page', async () => {
    const user = userEvent.setup()
    const fetchPage = vi.fn<FetchPage>(async (params) => page([MANGUE], { page: Number(params.get('page') ?? 1), totalPages: 3, totalItems: 25 }))
    renderFruits(fetchPage, '/admin/fruits?color=jaune')
    const pages = await screen.findByRole('navigation', { name: 'Pagination' })
    expect(within(pages).getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/admin/fruits?color=jaune&page=2')
    expect(within(pages).getByRole('link', { name: 'Page 1' })).toHaveAttribute('href', '/admin/fruits?color=jaune')
    await user.click(within(pages).getByRole('link', { name: 'Page 3' }))
    expect(location()).toBe('/admin/fruits?color=jaune&page=3')
    await waitFor(() => expect(fetchPage.mock.calls.at(-1)![0].toString()).toBe('color=jaune&page=3'))
    expect(await screen.findByRole('link', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page')
  })

  it('a filter writes the address and goes back to page 1; "Toutes" removes it', async () => {
    const user = userEvent.setup()
    renderFruits(async () => page([MANGUE], { page: 2, totalPages: 2, totalItems: 11 }), '/admin/fruits?page=2')
    await screen.findByText('11 fruits')
    await user.selectOptions(screen.getByLabelText('Couleur'), 'Rouge')
    expect(location()).toBe('/admin/fruits?color=rouge')
    expect(screen.getByLabelText('Couleur')).toHaveValue('rouge')
    await user.selectOptions(screen.getByLabelText('Couleur'), 'Toutes')
    expect(location()).toBe('/admin/fruits')
  })

  it('writes the search in the address once typing pauses', async () => {
    const user = userEvent.setup()
    renderFruits(async () => page([MANGUE]), '/admin/fruits?page=2')
    await screen.findByText('1 fruit')
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher' }), 'mang')
    await waitFor(() => expect(location()).toBe('/admin/fruits?search=mang'))
  })

  it('says the screen’s message when the list cannot be loaded, as an alert and a toast, and tries again on demand', async () => {
    const user = userEvent.setup()
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const fetchPage = vi.fn<FetchPage>().mockRejectedValueOnce(new ApiError(503, 'unavailable', 'Service indisponible')).mockResolvedValueOnce(page([MANGUE]))
    renderFruits(fetchPage)
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur lors du chargement des fruits')
    expect(within(toasts()).getByText('Erreur lors du chargement des fruits')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Réessayer' }))
    expect(await screen.findByText('1 fruit')).toBeVisible()
    expect(fetchPage).toHaveBeenCalledTimes(2)
  })

  it('a refusal of the server (4xx) shows its own sentence', async () => {
    renderFruits(async () => {
      throw new ApiError(400, 'invalid_query', 'Paramètre de recherche invalide')
    })
    expect(await screen.findByRole('alert')).toHaveTextContent('Paramètre de recherche invalide')
  })
})

describe('countLabel', () => {
  it('puts the noun in the plural above one', () => {
    expect([0, 1, 2, 25].map((n) => countLabel(n, 'commande'))).toEqual(['0 commande', '1 commande', '2 commandes', '25 commandes'])
  })
})
