import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import { frenchSpacing } from '@/lib/typography'
import { adminPage, apiError, loggedInAsAdmin, loggedInAsStaff, makeAdminUser, makeAuditEntry } from '@/testing/admin'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'
import type { AuditEntry } from '../api/audit'

beforeEach(() => sessionStore.clear())

const location = () => screen.getByTestId('location').textContent
const toasts = () => screen.getByRole('status', { name: 'Notifications' })
const entries = () => screen.getByRole('list', { name: 'Entrées du journal' })

const AWA = makeAdminUser({ id: 'a1a1a1a1-0000-4000-8000-000000000001', firstName: 'Awa', lastName: 'Ndiaye', email: 'awa@bitik.sn', role: 'seller' })
const MODOU = makeAdminUser({ id: 'b2b2b2b2-0000-4000-8000-000000000002', firstName: 'Modou', lastName: 'Fall', email: 'modou@bitik.sn', role: 'manager' })

/** GET /api/admin/audit (each query recorded) and the team's accounts, asked role by role. */
function mockJournal(list: AuditEntry[], pagination = {}) {
  const queries: Record<string, string>[] = []
  const roles: string[] = []
  server.use(
    http.get('/api/admin/audit', ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams))
      return HttpResponse.json(adminPage(list, pagination))
    }),
    http.get('/api/admin/users', ({ request }) => {
      const role = new URL(request.url).searchParams.get('role') ?? ''
      roles.push(role)
      return HttpResponse.json(adminPage([AWA, MODOU].filter((user) => user.role === role)))
    }),
  )
  return { queries, roles }
}

const ORDER_ID = '7c1e0a52-0000-4000-8000-000000000042'
const PRODUCT_ID = '3f9c2a7d-0000-4000-8000-000000000042'

describe('/admin/journal', () => {
  it('shows each entry: when (Dakar), who with their role, the action in French, the target linked, each change before → after', async () => {
    loggedInAsAdmin()
    mockJournal(
      [
        makeAuditEntry({
          at: '2026-03-11T14:05:00Z',
          actor: { id: AWA.id, email: 'awa@bitik.sn', role: 'seller' },
          action: 'order.status',
          target: { type: 'order', id: ORDER_ID, label: 'ORD-2603101234' },
          changes: [
            { field: 'status', before: 'pending', after: 'processing' },
            { field: 'tracking_note', before: null, after: 'Remis au livreur' },
          ],
          ip: '41.82.10.7',
          requestId: 'req-42',
        }),
        makeAuditEntry({
          action: 'stock.adjust',
          target: { type: 'product', id: PRODUCT_ID, label: 'T-shirt Ngor' },
          changes: [
            { field: 'stock noir/M', before: 3, after: 1 },
            { field: 'shipping_info', before: { commune: 'Yoff', landmark: null }, after: [1, 'deux'] },
            { field: 'featured', before: true, after: '' },
          ],
        }),
        makeAuditEntry({ action: 'product.delete', target: { type: 'product', id: PRODUCT_ID, label: 'Pull Almadies' }, changes: [] }),
        makeAuditEntry({ action: 'something.new', target: { type: 'gadget', id: 'g1', label: '' }, changes: [] }),
      ],
      { totalItems: 4 },
    )
    renderApp('/admin/journal')
    expect(await screen.findByRole('heading', { level: 1, name: 'Journal' })).toBeVisible()
    await waitFor(() => expect(document.title).toBe('Journal – Administration | Bitik Dakar'))
    expect(await screen.findByText('4 entrées')).toBeVisible()
    const [status, stock, deleted, unknown] = within(entries()).getAllByRole('listitem').filter((item) => item.parentElement === entries())

    expect(status).toHaveTextContent('11 mars 2026 à 14:05')
    expect(status).toHaveTextContent('awa@bitik.sn')
    expect(within(status!).getByText('Vendeur')).toBeVisible()
    expect(within(status!).getByText('Statut de commande modifié')).toBeVisible()
    expect(within(status!).getByRole('link', { name: 'Commande ORD-2603101234' })).toHaveAttribute('href', `/admin/orders/${ORDER_ID}`)
    const changesOf = (item: HTMLElement) => within(within(item).getByRole('list', { name: 'Changements' })).getAllByRole('listitem').map((li) => li.textContent)
    expect(changesOf(status!)).toEqual([frenchSpacing('status : pending → processing'), frenchSpacing('tracking_note : — → Remis au livreur')])
    expect(status).toHaveTextContent('IP 41.82.10.7 · requête req-42')

    expect(within(stock!).getByText('Stock ajusté')).toBeVisible()
    expect(within(stock!).getByRole('link', { name: 'Produit T-shirt Ngor' })).toHaveAttribute('href', `/admin/products/edit/${PRODUCT_ID}`)
    expect(changesOf(stock!)).toEqual([
      frenchSpacing('stock noir/M : 3 → 1'),
      frenchSpacing('shipping_info : {"commune":"Yoff","landmark":null} → [1,"deux"]'),
      frenchSpacing('featured : oui → (vide)'),
    ])

    // A deleted product has no page to go to; an action the shop does not know yet shows its code.
    expect(within(deleted!).getByText('Produit supprimé')).toBeVisible()
    expect(within(deleted!).queryByRole('link')).not.toBeInTheDocument()
    expect(deleted).toHaveTextContent('Produit Pull Almadies')
    expect(within(unknown!).getByText('something.new')).toBeVisible()
    expect(unknown).toHaveTextContent('gadget g1')
  })

  it('filters by person, action, target and period in the address, and asks the server for exactly that', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    const { queries, roles } = mockJournal([makeAuditEntry()], { totalItems: 25, totalPages: 3 })
    renderApp('/admin/journal')
    await screen.findByText('25 entrées')
    expect(queries.at(-1)).toEqual({ page: '1', limit: '10' })
    expect(roles.sort()).toEqual(['admin', 'courier', 'manager', 'seller'])

    // The team, by role then name, each with their role.
    const person = screen.getByLabelText('Personne')
    await waitFor(() =>
      expect(within(person).getAllByRole('option').map((option) => option.textContent)).toEqual([
        'Toute l’équipe',
        'Modou Fall (Gérant)',
        'Awa Ndiaye (Vendeur)',
      ]),
    )
    await user.selectOptions(person, 'Awa Ndiaye (Vendeur)')
    await user.selectOptions(screen.getByLabelText('Action'), 'Statut de commande modifié')
    await user.selectOptions(screen.getByLabelText('Cible'), 'Commande')
    fireEvent.change(screen.getByLabelText('Du'), { target: { value: '2026-03-01' } })
    fireEvent.change(screen.getByLabelText('Au'), { target: { value: '2026-03-11' } })
    const wanted = { actor: AWA.id, action: 'order.status', targetType: 'order', from: '2026-03-01', to: '2026-03-11' }
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: '1', limit: '10', ...wanted }))
    expect(Object.fromEntries(new URLSearchParams(location()!.split('?')[1]))).toEqual(wanted)

    // The pages keep the filters.
    const pages = screen.getByRole('navigation', { name: 'Pagination' })
    await user.click(within(pages).getByRole('link', { name: 'Page 2' }))
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: '2', limit: '10', ...wanted }))
  })

  it('opens on one order’s entries from its page, and lets them go', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    const { queries } = mockJournal([makeAuditEntry()])
    renderApp(`/admin/journal?targetType=order&targetId=${ORDER_ID}`)
    await screen.findByText('1 entrée')
    expect(queries.at(-1)).toEqual({ page: '1', limit: '10', targetType: 'order', targetId: ORDER_ID })
    expect(screen.getByLabelText('Cible')).toHaveDisplayValue('Commande')
    expect(screen.getByText(`Commande ${ORDER_ID}`)).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Toutes les cibles' }))
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: '1', limit: '10', targetType: 'order' }))
  })

  it('downloads the same entries as CSV', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    mockJournal([makeAuditEntry()])
    const csv: Record<string, string>[] = []
    server.use(
      http.get('/api/admin/audit.csv', ({ request }) => {
        csv.push(Object.fromEntries(new URL(request.url).searchParams))
        return new HttpResponse('at,actorEmail\n', { headers: { 'Content-Type': 'text/csv' } })
      }),
    )
    URL.createObjectURL = vi.fn(() => 'blob:journal')
    URL.revokeObjectURL = vi.fn()
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    renderApp('/admin/journal?action=stock.adjust&from=2026-03-01&page=2')
    await screen.findByText('1 entrée')
    await user.click(screen.getByRole('button', { name: 'Télécharger le CSV' }))
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1))
    expect(csv).toEqual([{ action: 'stock.adjust', from: '2026-03-01' }])
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('journal.csv')
  })

  it('says what the server refuses (a period upside down)', async () => {
    loggedInAsAdmin()
    mockJournal([])
    server.use(
      http.get('/api/admin/audit', () =>
        apiError(400, 'validation_failed', 'La date de début doit précéder la date de fin.', { from: 'La date de début doit précéder la date de fin.' }),
      ),
    )
    renderApp('/admin/journal?from=2026-03-11&to=2026-03-01')
    expect(await screen.findByRole('alert')).toHaveTextContent('La date de début doit précéder la date de fin.')
    expect(await within(toasts()).findByText('La date de début doit précéder la date de fin.')).toBeVisible()
  })

  it('is the administrator’s: a manager has no « Journal » in the sidebar and is told the page is not theirs', async () => {
    loggedInAsStaff('manager')
    renderApp('/admin/journal')
    expect(await screen.findByText('Cette page n’est pas ouverte à votre rôle.')).toBeVisible()
    const nav = screen.getByRole('navigation', { name: 'Administration' })
    expect(within(nav).queryByRole('link', { name: 'Journal' })).not.toBeInTheDocument()
    expect(within(nav).getByRole('link', { name: 'Produits' })).toBeVisible()
  })
})
