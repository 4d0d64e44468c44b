import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { AddToCartItem } from './cart-model'
import {
  LOCAL_CART_KEY,
  addToLocalCart,
  localCartView,
  localLineKey,
  readLocalCart,
  removeLocalLine,
  restoreLocalLines,
  setLocalQuantity,
  useLocalCart,
  writeLocalCart,
} from './local-cart'

const item = (overrides: Partial<AddToCartItem> = {}): AddToCartItem & { size: string; color: string } => ({
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
} as AddToCartItem & { size: string; color: string })

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
  const { itemCount, subtotal } = localCartView(useLocalCart())
  return <p>{itemCount} article(s), {subtotal} F</p>
}

describe('addToLocalCart', () => {
  it('writes the line to localStorage.localCart in the cart’s shape, with its stock and slug', () => {
    expect(addToLocalCart(item({ promoPrice: 7600 }))).toEqual({ status: 'added', quantity: 2, added: 2 })
    expect(JSON.parse(localStorage.getItem(LOCAL_CART_KEY)!)).toEqual([
      {
        productId: 'p1',
        name: 'T-shirt Teranga',
        image: '/uploads/products/a/800.jpg',
        price: 9500,
        promoPrice: 7600,
        quantity: 2,
        size: 'M',
        color: 'noir',
        stock: 5,
        slug: 't-shirt-teranga',
      },
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

  it('stops a line at 10 units when the stock holds more', () => {
    expect(addToLocalCart(item({ quantity: 7, stock: 40 }))).toEqual({ status: 'added', quantity: 7, added: 7 })
    expect(addToLocalCart(item({ quantity: 7, stock: 40 }))).toEqual({ status: 'capped', quantity: 10, added: 3 })
    const key = localLineKey({ productId: 'p1', size: 'M', color: 'noir' })
    expect(setLocalQuantity(key, 25)).toBe(10)
    expect(readLocalCart()[0]!.quantity).toBe(10)
  })

  it('refuses a line without size or colour, or without quantity', () => {
    expect(addToLocalCart(item({ size: '' }))).toEqual({ status: 'invalid' })
    expect(addToLocalCart(item({ color: '' }))).toEqual({ status: 'invalid' })
    expect(addToLocalCart(item({ quantity: 0 }))).toEqual({ status: 'invalid' })
    expect(readLocalCart()).toEqual([])
  })
})

describe('guest line changes', () => {
  it('keeps a quantity between 1 and the stock, removes a line, and empties the storage with the last one', () => {
    addToLocalCart(item({ quantity: 2, stock: 3 }))
    const key = localLineKey({ productId: 'p1', size: 'M', color: 'noir' })
    expect(setLocalQuantity(key, 9)).toBe(3)
    expect(setLocalQuantity(key, 0)).toBe(1)
    expect(setLocalQuantity(key, -4)).toBe(1)
    expect(setLocalQuantity(key, 2.7)).toBe(2)
    expect(setLocalQuantity('nope', 2)).toBeUndefined()
    expect(readLocalCart()[0]!.quantity).toBe(2)
    removeLocalLine(key)
    expect(localStorage.getItem(LOCAL_CART_KEY)).toBeNull()
  })

  it('puts lines back after a failed merge, adding to what the cart holds now', () => {
    writeLocalCart([line(1)])
    restoreLocalLines([line(2), line(1, 'L')])
    expect(readLocalCart().map((l) => [l.size, l.quantity])).toEqual([
      ['M', 3],
      ['L', 1],
    ])
  })
})

describe('useLocalCart', () => {
  it('follows writes: the count is the sum of quantities, the subtotal uses the promo price', () => {
    localStorage.setItem(LOCAL_CART_KEY, JSON.stringify([line(2), { ...line(1, 'L'), promoPrice: 10000 }]))
    render(<Badge />)
    expect(screen.getByText('3 article(s), 35000 F')).toBeVisible()
    act(() => writeLocalCart([line(5)]))
    expect(screen.getByText('5 article(s), 62500 F')).toBeVisible()
  })

  it('follows another tab (storage event)', () => {
    render(<Badge />)
    expect(screen.getByText('0 article(s), 0 F')).toBeVisible()
    act(() => {
      localStorage.setItem(LOCAL_CART_KEY, JSON.stringify([line(4)]))
      window.dispatchEvent(new StorageEvent('storage', { key: LOCAL_CART_KEY }))
    })
    expect(screen.getByText('4 article(s), 50000 F')).toBeVisible()
  })

  it('ignores broken storage instead of crashing', () => {
    localStorage.setItem(LOCAL_CART_KEY, '{pas du json')
    expect(readLocalCart()).toEqual([])
    localStorage.setItem(LOCAL_CART_KEY, JSON.stringify([line(2), { productId: 'x' }, line(0)]))
    expect(readLocalCart()).toHaveLength(1)
  })
})
