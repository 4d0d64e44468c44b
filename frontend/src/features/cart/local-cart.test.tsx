import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { LOCAL_CART_KEY, readLocalCart, useCartCount, writeLocalCart } from './local-cart'

const line = (quantity: number, size = 'M') => ({
  productId: 'p1',
  name: 'Tee Médina',
  image: '/uploads/p1.webp',
  price: 12500,
  quantity,
  size,
  color: 'noir',
})

function Badge() {
  return <p>{useCartCount()} article(s)</p>
}

describe('guest cart count', () => {
  it('is the sum of quantities in localStorage.localCart, following writes', () => {
    localStorage.setItem(LOCAL_CART_KEY, JSON.stringify([line(2), line(1, 'L')]))
    render(<Badge />)
    expect(screen.getByText('3 article(s)')).toBeVisible()
    act(() => writeLocalCart([line(5)]))
    expect(screen.getByText('5 article(s)')).toBeVisible()
  })

  it('ignores broken storage instead of crashing', () => {
    localStorage.setItem(LOCAL_CART_KEY, '{pas du json')
    expect(readLocalCart()).toEqual([])
    localStorage.setItem(LOCAL_CART_KEY, JSON.stringify([line(2), { productId: 'x' }, line(0)]))
    expect(readLocalCart()).toHaveLength(1)
  })
})
