import { describe, expect, it } from 'vitest'
import { makeProduct } from '@/testing/fixtures'
import {
  availableSizes,
  changeQuantity,
  discountPercent,
  droppedSize,
  fitQuantity,
  hasSingleSize,
  initialSelection,
  pictureForColor,
  picturesForColor,
  selectColor,
  selectSize,
  selectionStock,
  soldOutSizes,
  unitPrice,
  variantStock,
} from './product-options'

// Sizes differ by colour; grey is sold out; the stock map is deliberately out of order.
const tee = makeProduct({
  colors: ['noir', 'blanc', 'gris'],
  sizes: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
  images: ['/uploads/products/a/800.jpg', '/uploads/products/b/800.jpg'],
  stock: {
    noir: { XL: 2, S: 5, XS: 0, M: 12, XXL: 1 },
    blanc: { L: 3, XS: 4, M: 0 },
    gris: { S: 0, M: 0 },
  },
})

const chain = makeProduct({
  category: 'accessoire',
  subcategory: 'chaine',
  colors: ['doré', 'argenté'],
  sizes: ['unique'],
  stock: { doré: { unique: 0 }, argenté: { unique: 7 } },
})

describe('sold-out sizes of a colour (« Me prévenir »)', () => {
  it('are the product’s sizes without a unit of that colour, a size missing from the grid included', () => {
    expect(soldOutSizes(tee, 'noir')).toEqual(['XS', 'L'])
    expect(soldOutSizes(tee, 'gris')).toEqual(['XS', 'S', 'M', 'L', 'XL', 'XXL'])
    expect(soldOutSizes(chain, 'doré')).toEqual(['unique'])
    expect(soldOutSizes(chain, 'argenté')).toEqual([])
    expect(soldOutSizes(tee, undefined)).toEqual([])
  })
})

describe('sizes of a colour', () => {
  it('are those with stock above 0, in the standard order', () => {
    expect(availableSizes(tee, 'noir')).toEqual(['S', 'M', 'XL', 'XXL'])
    expect(availableSizes(tee, 'blanc')).toEqual(['XS', 'L'])
    expect(availableSizes(tee, 'gris')).toEqual([])
    expect(availableSizes(tee, 'rouge')).toEqual([])
  })

  it('are read whatever their spelling (2XL is XXL)', () => {
    const odd = makeProduct({ colors: ['noir'], stock: { noir: { '2XL': 2, m: 1 } } })
    expect(availableSizes(odd, 'noir')).toEqual(['m', '2XL'])
    expect(variantStock(odd, 'noir', 'XXL')).toBe(2)
  })

  it('are hidden for accessories (single size unique)', () => {
    expect(hasSingleSize(chain)).toBe(true)
    expect(hasSingleSize(tee)).toBe(false)
  })
})

describe('selection', () => {
  it('starts on the first colour that can be bought, with no size chosen among several, quantity 1', () => {
    expect(initialSelection(tee)).toEqual({ color: 'noir', size: undefined, quantity: 1 })
  })

  it('starts with the single size of an accessory chosen', () => {
    expect(initialSelection(chain)).toEqual({ color: 'argenté', size: 'unique', quantity: 1 })
  })

  it('starts at quantity 0 when nothing is left at all', () => {
    const gone = makeProduct({ colors: ['noir'], stock: { noir: { S: 0, M: 0 } } })
    expect(initialSelection(gone)).toEqual({ color: 'noir', size: undefined, quantity: 0 })
  })

  it('on a colour change keeps the chosen size when the colour has it in stock, the quantity fitted', () => {
    const both = makeProduct({
      colors: ['noir', 'blanc'],
      sizes: ['S', 'M', 'L'],
      stock: { noir: { S: 1, M: 12 }, blanc: { m: 3, L: 2 } },
    })
    // M exists in white (spelt m there): kept, as the colour spells it, quantity reduced to its 3.
    expect(selectColor(both, { color: 'noir', size: 'M', quantity: 9 }, 'blanc')).toEqual({ color: 'blanc', size: 'm', quantity: 3 })
    expect(selectColor(both, { color: 'blanc', size: 'm', quantity: 2 }, 'noir')).toEqual({ color: 'noir', size: 'M', quantity: 2 })
  })

  it('on a colour change clears a size the colour does not have in stock, and says which when others remain', () => {
    const before = { color: 'noir', size: 'M', quantity: 2 }
    const after = selectColor(tee, before, 'blanc')
    // White has no M left (0) but XS and L: the quantity is bounded by its best size (L 3, XS 4).
    expect(after).toEqual({ color: 'blanc', size: undefined, quantity: 2 })
    expect(droppedSize(tee, before, after)).toBe('M')
    const xs = { color: 'blanc', size: 'XS', quantity: 1 }
    expect(droppedSize(tee, xs, selectColor(tee, xs, 'noir'))).toBe('XS')
  })

  it('says nothing when no size was chosen, when it was kept, or when the colour has no size at all', () => {
    const none = { color: 'noir', size: undefined, quantity: 1 }
    expect(droppedSize(tee, none, selectColor(tee, none, 'blanc'))).toBeUndefined()
    const kept = makeProduct({ colors: ['noir', 'blanc'], stock: { noir: { M: 1 }, blanc: { M: 1 } } })
    const m = { color: 'noir', size: 'M', quantity: 1 }
    expect(droppedSize(kept, m, selectColor(kept, m, 'blanc'))).toBeUndefined()
    const s = { color: 'noir', size: 'S', quantity: 3 }
    expect(droppedSize(tee, s, selectColor(tee, s, 'gris'))).toBeUndefined()
  })

  it('on a sold-out colour has no size and quantity 0 (an accessory keeps unique)', () => {
    expect(selectColor(tee, { color: 'noir', size: 'S', quantity: 3 }, 'gris')).toEqual({ color: 'gris', size: undefined, quantity: 0 })
    expect(selectColor(chain, { color: 'argenté', size: 'unique', quantity: 3 }, 'doré')).toEqual({ color: 'doré', size: 'unique', quantity: 0 })
  })

  it('back to a colour with stock brings the quantity back to 1, still without a size', () => {
    expect(selectColor(tee, { color: 'gris', size: undefined, quantity: 0 }, 'noir')).toEqual({ color: 'noir', size: undefined, quantity: 1 })
  })

  it('on a size change reduces the quantity to the size’s stock', () => {
    expect(selectSize(tee, { color: 'noir', size: 'M', quantity: 10 }, 'XL')).toEqual({ color: 'noir', size: 'XL', quantity: 2 })
    expect(selectSize(tee, { color: 'noir', size: undefined, quantity: 10 }, 'XXL')).toEqual({ color: 'noir', size: 'XXL', quantity: 1 })
  })

  it('bounds the quantity before a size is chosen by the colour’s best-stocked size', () => {
    expect(selectionStock(tee, { color: 'noir', size: undefined })).toBe(12)
    expect(selectionStock(tee, { color: 'noir', size: 'XL' })).toBe(2)
    expect(selectionStock(tee, { color: 'gris', size: undefined })).toBe(0)
    expect(changeQuantity(tee, { color: 'noir', size: undefined, quantity: 1 }, 10).quantity).toBe(10)
    expect(changeQuantity(tee, { color: 'blanc', size: undefined, quantity: 1 }, 4).quantity).toBe(4)
    expect(changeQuantity(tee, { color: 'blanc', size: undefined, quantity: 1 }, 5).quantity).toBe(1)
  })
})

describe('quantity', () => {
  const noirM = { color: 'noir', size: 'M', quantity: 1 }

  it('accepts integers from 1 up to what a line holds: the stock, 10 at most', () => {
    expect(changeQuantity(tee, noirM, '10').quantity).toBe(10)
    expect(changeQuantity(tee, noirM, 5).quantity).toBe(5)
  })

  it('drops to 1 above the stock or the 10 a line holds, below 1 or when not a number', () => {
    expect(changeQuantity(tee, noirM, 11).quantity).toBe(1)
    expect(changeQuantity(tee, noirM, 13).quantity).toBe(1)
    expect(changeQuantity(tee, noirM, '0').quantity).toBe(1)
    expect(changeQuantity(tee, noirM, '-4').quantity).toBe(1)
    expect(changeQuantity(tee, noirM, 'abc').quantity).toBe(1)
  })

  it('is 0 when there is no stock', () => {
    expect(changeQuantity(tee, { color: 'gris', size: 'S', quantity: 0 }, 3).quantity).toBe(0)
  })

  it('fits a stock', () => {
    expect(fitQuantity(5, 3)).toBe(3)
    expect(fitQuantity(0, 3)).toBe(1)
    expect(fitQuantity(2, 0)).toBe(0)
    expect(fitQuantity(12, 40)).toBe(10)
  })
})

describe('pictures and prices', () => {
  // Red stripes, a detail for every colour, white: the picture of « Blanc » is white's, never the second one.
  const shirt = makeProduct({
    colors: ['rouge', 'blanc', 'gris'],
    images: ['/r1.jpg', '/detail.jpg', '/b1.jpg', '/r2.jpg'],
    imageColors: ['rouge', null, 'blanc', 'rouge'],
  })
  const urls = (color: string | undefined) => picturesForColor(shirt, color).map((picture) => picture.url)

  it('a colour shows its own pictures first, then those of every colour, then the others', () => {
    expect(urls('blanc')).toEqual(['/b1.jpg', '/detail.jpg', '/r1.jpg', '/r2.jpg'])
    expect(urls('rouge')).toEqual(['/r1.jpg', '/r2.jpg', '/detail.jpg', '/b1.jpg'])
    expect(urls('gris')).toEqual(['/detail.jpg', '/r1.jpg', '/b1.jpg', '/r2.jpg'])
    expect(picturesForColor(shirt, 'blanc')[0]).toEqual({ url: '/b1.jpg', color: 'blanc' })
  })

  it('a cart line shows its colour’s first picture; a product without colours of pictures, its first', () => {
    expect(pictureForColor(shirt, 'blanc')).toBe('/b1.jpg')
    expect(pictureForColor(shirt, 'gris')).toBe('/detail.jpg')
    expect(pictureForColor(tee, 'blanc')).toBe('/uploads/products/a/800.jpg')
    expect(pictureForColor(makeProduct({ images: [] }), 'noir')).toBe('/images/placeholder.jpg')
    // A colour the product no longer lists shows with every colour.
    expect(urls('vert')).toEqual(['/detail.jpg', '/r1.jpg', '/b1.jpg', '/r2.jpg'])
    expect(picturesForColor({ ...shirt, imageColors: ['violet'] }, 'rouge')[0]).toEqual({ url: '/r1.jpg', color: null })
  })

  it('the shopper pays the promotional price while on promotion; the badge shows the rounded percentage', () => {
    expect(unitPrice({ price: 25000, promoPrice: 20000, onPromotion: true })).toBe(20000)
    expect(unitPrice({ price: 25000, promoPrice: 20000, onPromotion: false })).toBe(25000)
    expect(discountPercent(25000, 20000, true)).toBe(20)
    expect(discountPercent(15000, 9990, true)).toBe(33)
    expect(discountPercent(12500, 8750, true)).toBe(30)
    expect(discountPercent(12500, 12500, true)).toBeNull()
    expect(discountPercent(12500, null, true)).toBeNull()
  })
})
