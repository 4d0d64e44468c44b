import { act, renderHook, screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { AppProvider } from '@/app/provider'
import { createQueryClient } from '@/app/query-client'
import { sessionStore } from '@/features/auth/session-store'
import { server } from '@/testing/server'
import { makeUser } from '@/testing/users'
import { useAddToCart } from './add-to-cart'
import { useCartDrawer } from './cart-store'
import type { AddToCartItem } from './cart-model'
import { readLocalCart } from './local-cart'

const item = (overrides: Partial<AddToCartItem> = {}): AddToCartItem => ({
  productId: 'p1',
  name: 'T-shirt Teranga',
  slug: 't-shirt-teranga',
  image: '/uploads/products/a/800.jpg',
  price: 9500,
  quantity: 2,
  size: 'M',
  color: 'noir',
  stock: 5,
  ...overrides,
})

function wrapper({ children }: { children: ReactNode }) {
  return <AppProvider queryClient={createQueryClient()}>{children}</AppProvider>
}

afterEach(() => sessionStore.clear())

describe('useAddToCart', () => {
  it('opens the drawer saying “Produit ajouté au panier”, and warns when the stock caps the line', async () => {
    sessionStore.clear()
    const { result } = renderHook(() => ({ add: useAddToCart(), drawer: useCartDrawer() }), { wrapper })
    await act(() => result.current.add(item()))
    expect(result.current.drawer).toMatchObject({ open: true, notice: 'Produit ajouté au panier' })
    act(() => result.current.drawer.hide())
    expect(result.current.drawer).toMatchObject({ open: false, notice: null })
    await act(() => result.current.add(item({ quantity: 5 })))
    expect(screen.getByText('Stock insuffisant. Seulement 5 disponible(s).')).toBeVisible()
    expect(readLocalCart()[0]!.quantity).toBe(5)
  })

  it('parses the quantity to a whole number and refuses less than 1', async () => {
    sessionStore.clear()
    const { result } = renderHook(() => useAddToCart(), { wrapper })
    expect(await act(() => result.current(item({ quantity: 2.8 })))).toEqual({ status: 'added', quantity: 2, added: 2 })
    expect(await act(() => result.current(item({ quantity: 0 })))).toEqual({ status: 'invalid' })
    expect(screen.getByText('La quantité doit être au moins de 1')).toBeVisible()
  })

  it('never picks one of several sizes for the shopper: asks for the choice', async () => {
    sessionStore.clear()
    const { result } = renderHook(() => useAddToCart(), { wrapper })
    const unsized = item({ size: undefined, category: 'vetement', sizes: ['S', 'M', 'L'] })
    expect(await act(() => result.current(unsized))).toEqual({ status: 'invalid' })
    expect(screen.getByText('Veuillez sélectionner une taille et une couleur')).toBeVisible()
    expect(readLocalCart()).toEqual([])
    // A single size is the shopper's choice already.
    expect(await act(() => result.current(item({ size: undefined, category: 'vetement', sizes: ['M'] })))).toMatchObject({ status: 'added' })
    expect(readLocalCart()[0]!.size).toBe('M')
  })

  it('for a customer, shows the server’s message, or “Erreur lors de l’ajout au panier” when it gives none', async () => {
    sessionStore.logIn('jwt-test', makeUser())
    server.use(http.post('/api/cart/add', () => HttpResponse.json({ code: 'product_not_found', message: 'Produit non trouvé' }, { status: 404 })))
    const { result } = renderHook(() => useAddToCart(), { wrapper })
    expect(await act(() => result.current(item()))).toEqual({ status: 'error', message: 'Produit non trouvé' })
    expect(screen.getByText('Produit non trouvé')).toBeVisible()
    server.use(http.post('/api/cart/add', () => new HttpResponse(null, { status: 400 })))
    expect(await act(() => result.current(item()))).toEqual({ status: 'error', message: "Erreur lors de l'ajout au panier" })
    expect(readLocalCart()).toEqual([])
  })
})
