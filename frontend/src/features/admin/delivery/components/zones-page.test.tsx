import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { sessionStore } from '@/features/auth/session-store'
import { apiError, loggedInAsAdmin } from '@/testing/admin'
import { TEST_ZONES } from '@/testing/delivery'
import { renderApp } from '@/testing/render'
import { server } from '@/testing/server'
import { withoutAsterisk } from '@/testing/users'

beforeEach(() => sessionStore.clear())

const field = (label: string) => screen.getByLabelText(label, withoutAsterisk)
const toasts = () => screen.getByRole('status', { name: 'Notifications' })

/** The back office's zones: TEST_ZONES with an inactive one; PUT and POST recorded. */
function zonesServer() {
  const zones = [...TEST_ZONES, { ...TEST_ZONES[1]!, code: 'ancienne', name: 'Ancienne zone', active: false, communes: [{ code: 'x', name: 'X' }] }]
  const bodies: { method: string; path: string; body: unknown }[] = []
  server.use(
    http.get('/api/admin/delivery/zones', () => HttpResponse.json({ data: zones })),
    http.put('/api/admin/delivery/zones/:code', async ({ params, request }) => {
      const body = await request.json()
      bodies.push({ method: 'PUT', path: String(params.code), body })
      const sent = body as { communes: { code?: string; name: string }[] }
      const communes = sent.communes.map((c) => ({ code: c.code ?? c.name.toLowerCase(), name: c.name }))
      return HttpResponse.json({ data: { ...zones.find((z) => z.code === params.code), ...sent, communes } })
    }),
    http.post('/api/admin/delivery/zones', async ({ request }) => {
      const body = await request.json()
      bodies.push({ method: 'POST', path: '', body })
      return apiError(409, 'commune_in_other_zone', 'La commune Médina appartient déjà à la zone Ville test.', { communes: 'La commune Médina appartient déjà à la zone Ville test.' })
    }),
  )
  return bodies
}

describe('/admin/delivery', () => {
  it('lists every zone with its fees, delay, cash on delivery, communes and status', async () => {
    loggedInAsAdmin()
    zonesServer()
    renderApp('/admin/delivery')
    const table = await screen.findByRole('table')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(4)
    expect(rows[0]).toHaveTextContent('Ville test')
    expect(rows[0]).toHaveTextContent('1 200 FCFA')
    expect(rows[0]).toHaveTextContent('2 200 FCFA')
    expect(rows[0]).toHaveTextContent('30 000 FCFA')
    expect(rows[1]).toHaveTextContent('Non proposée')
    expect(rows[2]).toHaveTextContent('Non')
    expect(rows[3]).toHaveTextContent('Inactive')
    expect(within(rows[0]!).getByRole('link', { name: 'Modifier Ville test' })).toHaveAttribute('href', '/admin/delivery/edit/ville')
  })

  it('changes a zone’s fees, removes express, adds a commune and sends exactly that', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    const bodies = zonesServer()
    renderApp('/admin/delivery/edit/ville')
    expect(await screen.findByRole('heading', { level: 1, name: 'Modifier Ville test' })).toBeVisible()
    expect(field('Code')).toHaveAttribute('readonly')
    await user.clear(field('Frais de livraison standard (FCFA)'))
    await user.type(field('Frais de livraison standard (FCFA)'), '1 500')
    await user.clear(field('Frais de livraison express (FCFA)'))
    await user.click(screen.getByRole('button', { name: 'Ajouter une commune' }))
    await user.type(field('Commune 3'), 'Ngor')
    await user.click(screen.getByRole('checkbox', { name: 'Paiement à la livraison accepté' }))
    await user.click(screen.getByRole('button', { name: 'Enregistrer la zone' }))
    expect(await within(toasts()).findByText('Zone de livraison enregistrée')).toBeVisible()
    expect(bodies).toEqual([
      {
        method: 'PUT',
        path: 'ville',
        body: {
          name: 'Ville test',
          fee: 1500,
          expressFee: null,
          freeFrom: 30000,
          delay: '24 h',
          expressDelay: null,
          cashOnDelivery: false,
          active: true,
          communes: [{ code: 'medina', name: 'Médina' }, { code: 'yoff', name: 'Yoff' }, { name: 'Ngor' }],
        },
      },
    ])
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/delivery'))
  }, 20_000)

  it('checks a new zone before sending it, then shows the server’s refusal on the communes', async () => {
    const user = userEvent.setup()
    loggedInAsAdmin()
    const bodies = zonesServer()
    renderApp('/admin/delivery/new')
    await user.click(await screen.findByRole('button', { name: 'Enregistrer la zone' }))
    expect(field('Nom')).toHaveAccessibleDescription('Le nom de la zone est requis')
    expect(field('Frais de livraison standard (FCFA)')).toHaveAccessibleDescription('Les frais de livraison sont requis')
    expect(screen.getByText('Ajoutez au moins une commune')).toBeVisible()
    expect(bodies).toEqual([])

    await user.type(field('Nom'), 'Saly')
    await user.type(field('Frais de livraison standard (FCFA)'), '4000')
    await user.type(field('Délai affiché'), '48 h')
    await user.type(field('Commune 1'), 'Médina')
    await user.click(screen.getByRole('button', { name: 'Enregistrer la zone' }))
    const form = screen.getByRole('form', { name: 'Zone de livraison' })
    expect(await within(form).findByText('La commune Médina appartient déjà à la zone Ville test.')).toBeVisible()
    expect(bodies).toHaveLength(1)
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/delivery/new')
  }, 20_000)
})
