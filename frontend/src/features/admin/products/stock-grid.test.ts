import { describe, expect, it } from 'vitest'
import {
  applyShortcut,
  changedVariants,
  colorTotal,
  gridSizes,
  parseColors,
  parseQuantity,
  sameGrid,
  setQuantity,
  shapeGrid,
  totalStock,
} from './stock-grid'

describe('parseColors', () => {
  it('splits on commas, trims, lowercases, folds inner spaces and drops empties and repeats', () => {
    expect(parseColors('Noir, Blanc ,, bleu   Marine, NOIR ,')).toEqual(['noir', 'blanc', 'bleu marine'])
  })

  it('keeps accents and gives nothing for blank text', () => {
    expect(parseColors('Doré, ARGENTÉ')).toEqual(['doré', 'argenté'])
    expect(parseColors(' , ,')).toEqual([])
    expect(parseColors('')).toEqual([])
  })
})

describe('gridSizes', () => {
  it('gives an accessory the single size unique, whatever was ticked', () => {
    expect(gridSizes('accessoire', ['M', 'L'])).toEqual(['unique'])
  })

  it('orders clothing sizes as the shop does, without repeats', () => {
    expect(gridSizes('vetement', ['XL', 'S', 'M', 'S'])).toEqual(['S', 'M', 'XL'])
  })
})

describe('shapeGrid', () => {
  it('makes every colour × size, keeping known quantities and starting new ones at 0', () => {
    const previous = { noir: { S: 3, M: 1 }, rouge: { S: 9 } }
    expect(shapeGrid(['noir', 'blanc'], ['S', 'M', 'L'], previous)).toEqual({
      noir: { S: 3, M: 1, L: 0 },
      blanc: { S: 0, M: 0, L: 0 },
    })
  })
})

describe('stock inputs', () => {
  const grid = { noir: { S: 2, M: 0 }, blanc: { S: 1, M: 4 } }

  it('accept whole numbers from 0; an emptied input is 0', () => {
    expect(parseQuantity('12')).toBe(12)
    expect(parseQuantity(' 0 ')).toBe(0)
    expect(parseQuantity('')).toBe(0)
  })

  it('ignore negative, decimal and non-numeric values', () => {
    for (const text of ['-1', '-0', '2.5', '1e3', 'abc', '99999999999']) expect(parseQuantity(text)).toBeNull()
    expect(setQuantity(grid, 'noir', 'S', '-3')).toBe(grid)
    expect(setQuantity(grid, 'noir', 'S', '1.5')).toBe(grid)
  })

  it('change one variant only', () => {
    expect(setQuantity(grid, 'noir', 'M', '7')).toEqual({ noir: { S: 2, M: 7 }, blanc: { S: 1, M: 4 } })
    expect(grid.noir.M).toBe(0)
  })

  it('refuse a variant that is not in the grid', () => {
    expect(setQuantity(grid, 'vert', 'S', '3')).toBe(grid)
    expect(setQuantity(grid, 'noir', 'XL', '3')).toBe(grid)
  })
})

describe('shortcuts per colour', () => {
  const grid = { noir: { S: 2, M: 0, L: 7 }, blanc: { S: 1, M: 4, L: 0 } }

  it('+5 adds five to each size of that colour only', () => {
    expect(applyShortcut(grid, 'noir', 'add5')).toEqual({ noir: { S: 7, M: 5, L: 12 }, blanc: { S: 1, M: 4, L: 0 } })
  })

  it('10 sets each size of that colour to ten', () => {
    expect(applyShortcut(grid, 'blanc', 'set10')).toEqual({ noir: { S: 2, M: 0, L: 7 }, blanc: { S: 10, M: 10, L: 10 } })
  })

  it('0 empties that colour', () => {
    expect(applyShortcut(grid, 'noir', 'set0')).toEqual({ noir: { S: 0, M: 0, L: 0 }, blanc: { S: 1, M: 4, L: 0 } })
  })

  it('work on an accessory row (one size)', () => {
    expect(applyShortcut({ doré: { unique: 3 } }, 'doré', 'add5')).toEqual({ doré: { unique: 8 } })
  })
})

describe('totals and changes', () => {
  const before = { noir: { S: 2, M: 0 }, blanc: { S: 1, M: 4 } }

  it('add up per colour and overall', () => {
    expect(colorTotal(before, 'blanc')).toBe(5)
    expect(totalStock(before)).toBe(7)
    expect(totalStock({})).toBe(0)
  })

  it('compare grids by content, not key order', () => {
    expect(sameGrid(before, { blanc: { M: 4, S: 1 }, noir: { M: 0, S: 2 } })).toBe(true)
    expect(sameGrid(before, { noir: { S: 2, M: 0 }, blanc: { S: 1, M: 5 } })).toBe(false)
    expect(sameGrid(before, { noir: { S: 2, M: 0 } })).toBe(false)
  })

  it('list only the variants whose quantity changed', () => {
    const after = applyShortcut(setQuantity(before, 'noir', 'S', '2'), 'blanc', 'set0')
    expect(changedVariants(before, after)).toEqual({ blanc: { S: 0, M: 0 } })
    expect(changedVariants(before, before)).toEqual({})
  })
})
