import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '@/testing/render'
import { server } from '@/testing/server'
import { setPageShop, shopFixture } from '@/testing/shop'
import { TestModeBanner } from './test-mode-banner'

describe('TestModeBanner', () => {
  it('says that no payment is real when the shop runs in test mode on purpose, from the page’s copy of the shop', async () => {
    setPageShop(shopFixture({ testMode: true }))
    renderWithProviders(<TestModeBanner />)
    expect(await screen.findByText('Mode test : aucun paiement réel')).toHaveAttribute('role', 'status')
  })

  it('asks GET /api/shop when the page has no copy of the shop', async () => {
    setPageShop(null)
    server.use(http.get('/api/shop', () => HttpResponse.json({ data: shopFixture({ testMode: true }) })))
    renderWithProviders(<TestModeBanner />)
    expect(await screen.findByText('Mode test : aucun paiement réel')).toHaveAttribute('role', 'status')
  })

  it('says nothing when payments are real, and asks nothing the page already says', async () => {
    let asked = false
    server.use(
      http.get('/api/shop', () => {
        asked = true
        return HttpResponse.json({ data: shopFixture({ testMode: true }) })
      }),
    )
    renderWithProviders(<TestModeBanner />)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(asked).toBe(false)
    expect(screen.queryByText(/Mode test/)).not.toBeInTheDocument()
  })
})
