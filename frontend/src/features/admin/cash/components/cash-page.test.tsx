import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import { apiError, loggedInAsAdmin } from '@/testing/admin'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'
import type { PaymentReport } from '../api/payment-report'
import { lastDays, today } from '../cash-model'

beforeEach(() => sessionStore.clear())

const zero = { ordersPaid: 0, expected: 0, received: 0, unverified: 0, refunds: 0, net: 0 }

function makeReport(): PaymentReport {
  const { from, to } = lastDays(today(), 30)
  const days = Array.from({ length: 30 }, (_, i) => {
    const date = new Date(`${from}T12:00:00Z`)
    date.setUTCDate(date.getUTCDate() + i)
    return { date: date.toISOString().slice(0, 10), wave: zero, cash: zero, waveReported: null }
  })
  days[29] = {
    ...days[29]!,
    wave: { ordersPaid: 2, expected: 45_000, received: 25_000, unverified: 0, refunds: 5_000, net: 20_000 },
    cash: { ordersPaid: 1, expected: 12_500, received: 12_500, unverified: 0, refunds: 0, net: 12_500 },
  }
  return {
    from,
    to,
    generatedAt: `${to}T12:00:00Z`,
    days,
    totals: { wave: days[29].wave, cash: days[29].cash, waveReported: null },
    wave: {
      source: 'sessions',
      checked: 2,
      unchecked: 0,
      notes: ["La clé Wave n'a pas accès à l'API Balance & Reconciliation : le rapport compare les sessions seulement, sans les frais de Wave."],
      simulated: false,
    },
    attention: {
      waveNotConfirmed: [
        { orderId: 'w-1', orderNumber: 'BTK-W1', total: 20_000, paidAt: `${to}T09:00:00Z`, sessionId: 'cos-1', reason: 'Aucune session Wave de cette commande n\'a réussi.' },
      ],
      waveNotMarked: [
        { orderId: 'w-2', orderNumber: 'BTK-W2', orderStatus: 'cancelled', total: 8_000, sessionId: 'cos-2', amount: 8_000, completedAt: `${to}T10:00:00Z` },
      ],
      cashNotRecorded: [
        { orderId: 'c-1', orderNumber: 'BTK-C1', total: 9_000, deliveredAt: `${to}T08:00:00Z`, ageDays: 3, courierName: 'Moussa Fall', courierPhone: '+221771112233' },
        { orderId: 'c-2', orderNumber: 'BTK-C2', total: 6_000, deliveredAt: `${to}T08:00:00Z`, ageDays: 1, courierName: 'Moussa Fall', courierPhone: '+221771112233' },
        { orderId: 'c-3', orderNumber: 'BTK-C3', total: 4_000, deliveredAt: `${to}T08:00:00Z`, ageDays: 0, courierName: null, courierPhone: null },
      ],
    },
  }
}

function reportServer(report = makeReport()) {
  const asked: string[] = []
  const posted: unknown[] = []
  server.use(
    http.get('/api/admin/reports/payments', ({ request }) => {
      asked.push(new URL(request.url).search)
      return HttpResponse.json({ data: report })
    }),
    http.post('/api/admin/orders/cash-received', async ({ request }) => {
      const body = (await request.json()) as { orderIds: string[] }
      posted.push(body)
      if (body.orderIds.includes('c-2')) {
        return apiError(409, 'already_paid', 'Commande BTK-C2 : Cette commande est déjà payée. Aucune commande n\'a été marquée payée.')
      }
      return HttpResponse.json({ data: body.orderIds.map((id) => ({ id, orderNumber: id })) })
    }),
  )
  return { asked, posted }
}

describe('/admin/cash', () => {
  it('is in the admin nav and shows the last 30 days with their figures, the totals and what Wave could not say', async () => {
    loggedInAsAdmin()
    const { asked } = reportServer()
    renderApp('/admin/dashboard')
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Caisse' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Caisse' })).toBeVisible()
    const { from, to } = lastDays(today(), 30)
    await waitFor(() => expect(asked).toEqual([`?from=${from}&to=${to}`]))
    const wave = screen.getByRole('region', { name: 'Wave' })
    expect(wave).toHaveTextContent('Attendu45 000 FCFA')
    expect(wave).toHaveTextContent('Reçu25 000 FCFA')
    expect(wave).toHaveTextContent('Remboursé5 000 FCFA')
    expect(wave).toHaveTextContent('Net20 000 FCFA')
    expect(screen.getByRole('region', { name: 'Espèces (paiement à la livraison)' })).toHaveTextContent('Reçu12 500 FCFA')
    expect(screen.getByText(/le rapport compare les sessions seulement/)).toBeVisible()
    const table = within(screen.getByRole('region', { name: 'Jour par jour' })).getByRole('table')
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(31)
    // Newest first: today's figures lead.
    expect(rows[1]).toHaveTextContent('45 000 FCFA')
    expect(rows[1]).toHaveTextContent('12 500 FCFA')
    expect(screen.getByRole('img', { name: /Reçu par jour et par moyen de paiement/ })).toBeInTheDocument()
  })

  it('lists the orders that need a look, with links to them', async () => {
    loggedInAsAdmin()
    reportServer()
    renderApp('/admin/cash')
    const notConfirmed = await screen.findByRole('region', { name: 'Payées, mais Wave ne montre pas le paiement' })
    expect(within(notConfirmed).getByRole('link', { name: 'BTK-W1' })).toHaveAttribute('href', '/admin/orders/w-1')
    expect(notConfirmed).toHaveTextContent("Aucune session Wave de cette commande n'a réussi.")
    const notMarked = screen.getByRole('region', { name: 'Payées chez Wave, non marquées payées' })
    expect(within(notMarked).getByRole('link', { name: 'BTK-W2' })).toHaveAttribute('href', '/admin/orders/w-2')
    const cash = screen.getByRole('region', { name: 'Livrées, espèces non reçues' })
    const moussa = within(cash).getByRole('group', { name: /Moussa Fall/ })
    expect(moussa).toHaveTextContent('15 000 FCFA')
    expect(moussa).toHaveTextContent('Livrée il y a 3 jours')
    expect(within(cash).getByRole('group', { name: /Livreur non indiqué/ })).toHaveTextContent("Livrée aujourd'hui")
  })

  it('records a courier’s round after confirmation, and shows the server’s refusal naming the order', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    const { posted } = reportServer()
    renderApp('/admin/cash')
    const cash = await screen.findByRole('region', { name: 'Livrées, espèces non reçues' })
    const moussa = within(cash).getByRole('group', { name: /Moussa Fall/ })
    expect(within(moussa).getByRole('button', { name: /Paiement reçu/ })).toBeDisabled()
    await user.click(within(moussa).getByRole('checkbox', { name: 'BTK-C1' }))
    await user.click(within(moussa).getByRole('button', { name: 'Paiement reçu (9 000 FCFA)' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('Moussa Fall a remis 9 000 FCFA pour 1 commande ?')
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }))
    await waitFor(() => expect(posted).toEqual([{ orderIds: ['c-1'] }]))
    expect(await screen.findByText('1 commande marquée payée.')).toBeVisible()

    await user.click(within(moussa).getByRole('button', { name: 'Tout cocher' }))
    await user.click(within(moussa).getByRole('button', { name: 'Paiement reçu (15 000 FCFA)' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Annuler' }))
    expect(posted).toHaveLength(1)
    await user.click(within(moussa).getByRole('button', { name: 'Paiement reçu (15 000 FCFA)' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmer' }))
    expect(await screen.findByText(/Commande BTK-C2 : Cette commande est déjà payée/)).toBeVisible()
    expect(posted).toEqual([{ orderIds: ['c-1'] }, { orderIds: ['c-1', 'c-2'] }])
  })

  it('says in French when the period is refused', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    reportServer()
    server.use(
      http.get('/api/admin/reports/payments', ({ request }) =>
        new URL(request.url).searchParams.get('from') === '2026-01-01'
          ? apiError(400, 'invalid_query', 'La période ne peut pas dépasser 92 jours : choisissez des dates plus proches.', { to: 'x' })
          : HttpResponse.json({ data: makeReport() }),
      ),
    )
    renderApp('/admin/cash')
    await screen.findByRole('region', { name: 'Wave' })
    const from = screen.getByLabelText('Du')
    await user.clear(from)
    await user.type(from, '2026-01-01')
    await user.click(screen.getByRole('button', { name: 'Afficher' }))
    expect(await screen.findByText('La période ne peut pas dépasser 92 jours : choisissez des dates plus proches.')).toBeVisible()
  })
})
