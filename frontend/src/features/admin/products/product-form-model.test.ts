import { describe, expect, it } from 'vitest'
import { makeAdminProduct } from '@/testing/admin'
import {
  emptyProductForm,
  formFromProduct,
  hasChanges,
  isSoldOut,
  PRODUCT_MESSAGES,
  tabOf,
  toProductBody,
  validateProductForm,
  withGrid,
  type ProductFormValues,
} from './product-form-model'

function valid(overrides: Partial<ProductFormValues> = {}): ProductFormValues {
  return withGrid({
    ...emptyProductForm(),
    name: 'T-shirt Ngor',
    description: 'Coton épais.',
    price: '9500',
    category: 'vetement',
    subcategory: 't-shirt',
    colorsText: 'Noir, Blanc',
    sizes: ['M', 'S'],
    ...overrides,
  })
}

describe('validateProductForm', () => {
  it('names every missing required field in one sentence, as the server does', () => {
    const { message, fields } = validateProductForm(emptyProductForm())
    expect(message).toBe('Champs requis manquants: nom, description, prix, catégorie, sous-catégorie')
    for (const field of ['name', 'description', 'price', 'category', 'subcategory'] as const) {
      expect(fields[field]).toBe('Ce champ est requis')
    }
    expect(fields.colors).toBe('Au moins une couleur est requise')
    expect(fields.sizes).toBe('Les tailles sont requises pour les vêtements')
  })

  it('accepts a complete product', () => {
    expect(validateProductForm(valid())).toEqual({ message: null, fields: {} })
  })

  it('wants a promotional price below the price while on promotion', () => {
    for (const promoPrice of ['', '9500', '12000']) {
      const { message, fields } = validateProductForm(valid({ onPromotion: true, promoPrice }))
      expect(message).toBe(PRODUCT_MESSAGES.promoPrice)
      expect(fields.promoPrice).toBe('Le prix promotionnel doit être inférieur au prix normal')
    }
    expect(validateProductForm(valid({ onPromotion: true, promoPrice: '8000' })).message).toBeNull()
    // Not on promotion: a stored promo price is kept and not judged.
    expect(validateProductForm(valid({ onPromotion: false, promoPrice: '12000' })).message).toBeNull()
  })

  it('wants at least one colour once the text is parsed', () => {
    expect(validateProductForm(valid({ colorsText: ' , ' })).message).toBe('Au moins une couleur est requise')
  })

  it('wants sizes for clothing but not for accessories', () => {
    expect(validateProductForm(valid({ sizes: [] })).fields.sizes).toBe('Les tailles sont requises pour les vêtements')
    expect(validateProductForm(valid({ category: 'accessoire', subcategory: 'chaine', sizes: [] })).message).toBeNull()
  })

  it('refuses a price that is not a whole number of francs', () => {
    expect(validateProductForm(valid({ price: '95.5' })).fields.price).toBe(PRODUCT_MESSAGES.price)
    expect(validateProductForm(valid({ price: '-100' })).fields.price).toBe(PRODUCT_MESSAGES.price)
  })
})

describe('toProductBody', () => {
  it('sends colours trimmed and lowercased, sizes in order, whole-franc prices and the full grid', () => {
    const values = valid({ colorsText: ' Noir ,BLANC', sizes: ['M', 'S'], price: '9 500', promoPrice: '' })
    const body = toProductBody({ ...values, stock: { noir: { S: 3, M: 1 }, blanc: { S: 0, M: 2 } } })
    expect(body).toMatchObject({
      name: 'T-shirt Ngor',
      price: 9500,
      promoPrice: null,
      colors: ['noir', 'blanc'],
      sizes: ['S', 'M'],
      stock: { noir: { S: 3, M: 1 }, blanc: { S: 0, M: 2 } },
      active: true,
    })
  })

  it('gives an accessory the size unique and one quantity per colour', () => {
    const values = valid({ category: 'accessoire', subcategory: 'chaine', colorsText: 'doré, argenté', sizes: ['M'] })
    const body = toProductBody({ ...values, stock: { doré: { unique: 4 }, argenté: { unique: 0 } } })
    expect(body.sizes).toEqual(['unique'])
    expect(body.stock).toEqual({ doré: { unique: 4 }, argenté: { unique: 0 } })
  })
})

describe('the grid follows colours, category and sizes', () => {
  it('keeps what remains and adds zeros', () => {
    const start = { ...valid(), stock: { noir: { S: 3, M: 1 }, blanc: { S: 2, M: 2 } } }
    const next = withGrid({ ...start, colorsText: 'noir, rouge', sizes: ['S', 'M', 'L'] })
    expect(next.stock).toEqual({ noir: { S: 3, M: 1, L: 0 }, rouge: { S: 0, M: 0, L: 0 } })
  })
})

describe('changes and stock warning', () => {
  it('sees no change in a product just loaded, and a change in one quantity', () => {
    const product = makeAdminProduct()
    const initial = formFromProduct(product)
    expect(hasChanges(initial, formFromProduct(product))).toBe(false)
    expect(hasChanges(initial, { ...initial, stock: { ...initial.stock, noir: { ...initial.stock.noir, S: 99 } } })).toBe(true)
    // Typing spaces around the name changes nothing that would be sent.
    expect(hasChanges(initial, { ...initial, name: ` ${initial.name} ` })).toBe(false)
  })

  it('warns when the whole stock is 0', () => {
    expect(isSoldOut(valid())).toBe(true)
    expect(isSoldOut({ ...valid(), stock: { noir: { S: 0, M: 1 }, blanc: { S: 0, M: 0 } } })).toBe(false)
  })

  it('finds the tab of a field to show its error', () => {
    expect(tabOf('name')).toBe('general')
    expect(tabOf('promoPrice')).toBe('general')
    expect(tabOf('colors')).toBe('stock')
    expect(tabOf('stock')).toBe('stock')
    expect(tabOf('images')).toBe('images')
    expect(tabOf('imageColors')).toBe('images')
  })

  it('sends a colour per picture, and every colour for a picture whose colour the product no longer has', () => {
    const product = makeAdminProduct({ colors: ['noir', 'blanc'], images: ['/a.jpg', '/b.jpg', '/c.jpg'], imageColors: ['noir', 'blanc'] })
    const values = formFromProduct(product)
    expect(values.imageColors).toEqual(['noir', 'blanc', null])
    expect(toProductBody({ ...values, colorsText: 'noir, rouge' }).imageColors).toEqual(['noir', null, null])
  })
})
