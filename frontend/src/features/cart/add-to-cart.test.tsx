import { act, renderHook, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { ToastProvider } from '@/components/ui/toast'
import { addToLocalCart, useAddToCart, type AddToCartItem } from './add-to-cart'
import { LOCAL_CART_KEY, readLocalCart } from './local-cart'

const item = (overrides: Partial<AddToCartItem> = {}): AddToCartItem => ({
  productId: 'p1',
  name: 'T-shirt Teranga',
  image: '/uploads/products/a/800.jpg',
  price: 9500,
  quantity: 2,
  size: 'M',
  color: 'noir',
  stock: 5,
  ...overrides,
})

describe('addToLocalCart', () => {
  it('writes the line to localStorage.localCart in the cart’s shape', () => {
    expect(addToLocalCart(item({ promoPrice: 7600 }))).toEqual({ status: 'added', quantity: 2, added: 2 })
    expect(JSON.parse(localStorage.getItem(LOCAL_CART_KEY)!)).toEqual([
      { productId: 'p1', name: 'T-shirt Teranga', image: '/uploads/products/a/800.jpg', price: 9500, promoPrice: 7600, quantity: 2, size: 'M', color: 'noir' },
    ])
  })

  it('adds up the same product, size and colour, capped at the stock', () => {
    addToLocalCart(item())
    addToLocalCart(item({ size: 'L' }))
    addToLocalCart(item({ color: 'blanc' }))
    expect(addToLocalCart(item({ quantity: 2 }))).toEqual({ status: 'added', quantity: 4, added: 2 })
    expect(addToLocalCart(item({ quantity: 3 }))).toEqual({ status: 'capped', quantity: 5, added: 1 })
    expect(addToLocalCart(item({ quantity: 1 }))).toEqual({ status: 'capped', quantity: 5, added: 0 })
    expect(readLocalCart().map((l) => [l.size, l.color, l.quantity])).toEqual([
      ['M', 'noir', 5],
      ['L', 'noir', 2],
      ['M', 'blanc', 2],
    ])
  })

  it('refuses a line without size or colour, or without quantity', () => {
    expect(addToLocalCart(item({ size: '' }))).toEqual({ status: 'invalid' })
    expect(addToLocalCart(item({ quantity: 0 }))).toEqual({ status: 'invalid' })
    expect(readLocalCart()).toEqual([])
  })
})

describe('useAddToCart', () => {
  const wrapper = ({ children }: { children: ReactNode }) => <ToastProvider>{children}</ToastProvider>

  it('says “Produit ajouté au panier”, and warns when the stock caps the line', async () => {
    const { result } = renderHook(() => useAddToCart(), { wrapper })
    await act(() => result.current(item()))
    expect(screen.getByText('Produit ajouté au panier')).toBeVisible()
    await act(() => result.current(item({ quantity: 5 })))
    expect(screen.getByText('Stock insuffisant. Seulement 5 disponible(s).')).toBeVisible()
  })
})
