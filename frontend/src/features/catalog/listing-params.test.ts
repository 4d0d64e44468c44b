import { describe, expect, it } from 'vitest'
import { listingCanonicalPath, listingHeading, pageHref, parseListingParams, resultCountLabel } from './listing-params'

const parse = (search: string) => parseListingParams(new URLSearchParams(search))

describe('parseListingParams', () => {
  it('mirrors every supported parameter of the address', () => {
    expect(
      parse('page=3&sort=price-asc&category=vetement&subcategory=pull&minPrice=5000&maxPrice=20000&colors=noir,blanc&sizes=S,M&promotion=true&featured=true&new=true&search=%20pull%20'),
    ).toEqual({
      page: 3,
      limit: 12,
      sort: 'price-asc',
      category: 'vetement',
      subcategory: 'pull',
      minPrice: 5000,
      maxPrice: 20000,
      colors: ['noir', 'blanc'],
      sizes: ['S', 'M'],
      promotion: true,
      featured: true,
      new: true,
      search: 'pull',
    })
  })

  it('drops values it cannot trust', () => {
    expect(parse('page=-2&sort=random&category=chaussures&subcategory=x&minPrice=abc&promotion=1&search=%20%20')).toEqual({
      page: 1,
      limit: 12,
    })
  })
})

describe('listingHeading', () => {
  it.each([
    ['search=chaine&new=true', 'Résultats pour « chaine »'],
    ['new=true&promotion=true', 'Nouveautés'],
    ['promotion=true&featured=true', 'Promotions'],
    ['featured=true&subcategory=pull', 'Produits à la une'],
    ['subcategory=lunette&category=accessoire', 'Lunettes'],
    ['subcategory=t-shirt', 'T-shirts'],
    ['subcategory=chaine', 'Chaînes'],
    ['category=vetement', 'Vêtements'],
    ['category=accessoire', 'Accessoires'],
    ['', 'Tous nos produits'],
  ])('%s → %s', (search, heading) => {
    expect(listingHeading(parse(search))).toBe(heading)
  })
})

describe('addresses', () => {
  it('keeps only the indexable filters in the canonical URL', () => {
    expect(listingCanonicalPath(parse('category=vetement&sort=price-asc&colors=noir&page=2'))).toBe('/products?category=vetement&page=2')
    expect(listingCanonicalPath(parse('search=pull&page=1'))).toBe('/products')
  })

  it('changes only the page number, page 1 being the bare address', () => {
    const params = new URLSearchParams('new=true&page=2')
    expect(pageHref(params, 3)).toBe('/products?new=true&page=3')
    expect(pageHref(params, 1)).toBe('/products?new=true')
  })

  it('counts results in French', () => {
    expect(resultCountLabel(0)).toBe('0 produit')
    expect(resultCountLabel(1)).toBe('1 produit')
    expect(resultCountLabel(1250)).toBe('1 250 produits')
  })
})
