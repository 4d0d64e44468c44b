import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { makeProduct } from '@/testing/fixtures'
import { renderWithProviders } from '@/testing/render'
import { server } from '@/testing/server'
import { BackInStock } from './back-in-stock'

const tee = makeProduct({
  id: 'p-1',
  colors: ['noir', 'blanc'],
  sizes: ['S', 'M', 'L'],
  stock: { noir: { S: 0, M: 4, L: 0 }, blanc: { S: 1, M: 1, L: 1 } },
})

describe('« Me prévenir »', () => {
  it('is not offered when every size of the colour is in stock', () => {
    renderWithProviders(<BackInStock product={tee} color="blanc" />)
    expect(screen.queryByRole('button', { name: 'Me prévenir' })).toBeNull()
  })

  it('asks for a sold-out size with POST /api/products/{id}/alerts and says it is noted', async () => {
    let body: unknown
    server.use(
      http.post('/api/products/p-1/alerts', async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({ data: { waiting: true, message: "C'est noté : nous vous écrirons." } }, { status: 201 })
      }),
    )
    renderWithProviders(<BackInStock product={tee} color="noir" />)
    await userEvent.click(screen.getByRole('button', { name: 'Me prévenir' }))
    const sizes = screen.getByRole('combobox', { name: 'Taille épuisée' })
    expect([...sizes.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['S', 'L'])
    await userEvent.selectOptions(sizes, 'L')
    await userEvent.type(screen.getByLabelText('Adresse e-mail'), ' awa@example.sn ')
    await userEvent.click(screen.getByRole('button', { name: 'Me prévenir' }))
    expect(await screen.findByText("C'est noté : nous vous écrirons.")).toBeVisible()
    expect(body).toEqual({ color: 'noir', size: 'L', email: 'awa@example.sn' })
  })

  it("shows the server's French refusal", async () => {
    server.use(
      http.post('/api/products/p-1/alerts', () =>
        HttpResponse.json(
          { code: 'validation_failed', message: 'Veuillez entrer une adresse email valide', fields: { email: 'Veuillez entrer une adresse email valide' } },
          { status: 400 },
        ),
      ),
    )
    renderWithProviders(<BackInStock product={tee} color="noir" />)
    await userEvent.click(screen.getByRole('button', { name: 'Me prévenir' }))
    await userEvent.type(screen.getByLabelText('Adresse e-mail'), 'awa')
    await userEvent.click(screen.getByRole('button', { name: 'Me prévenir' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Veuillez entrer une adresse email valide')
    expect(screen.getByLabelText('Adresse e-mail')).toHaveAttribute('aria-invalid', 'true')
  })
})
