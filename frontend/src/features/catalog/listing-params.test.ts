import { describe, expect, it } from 'vitest'
import {
  activeFilterCount,
  categoryUrlQuery,
  filterChips,
  listingCanonicalPath,
  listingHeading,
  listingHref,
  listingSearch,
  pageHref,
  parseCategoryParams,
  parseListingParams,
  resultCountLabel,
  withFilters,
  withoutFilters,
} from './listing-params'
import { frenchSpacing } from '@/lib/typography'

const parse = (search: string) => parseListingParams(new URLSearchParams(search))

describe('address → state (parseListingParams)', () => {
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

  it('reads what URLSearchParams itself would write (%2C, +)', () => {
    expect(parse('colors=bleu+marine%2Cnoir&sizes=M%2CL')).toMatchObject({ colors: ['bleu marine', 'noir'], sizes: ['M', 'L'] })
  })

  it('drops values the server would refuse instead of failing the page', () => {
    expect(
      parse('page=-2&sort=random&category=chaussures&subcategory=x&minPrice=abc&maxPrice=1e3&promotion=oui&search=%20%20&sizes=ZZ,&colors=,'),
    ).toEqual({ page: 1, limit: 12 })
    expect(parse('page=0')).toEqual({ page: 1, limit: 12 })
    expect(parse('page=99999999999')).toEqual({ page: 1, limit: 12 })
  })

  it('drops a subcategory of another category, and a maximum below the minimum', () => {
    expect(parse('category=vetement&subcategory=lunette')).toEqual({ page: 1, limit: 12, category: 'vetement' })
    expect(parse('subcategory=lunette')).toEqual({ page: 1, limit: 12, subcategory: 'lunette' })
    expect(parse('minPrice=20000&maxPrice=5000')).toEqual({ page: 1, limit: 12, minPrice: 20000 })
  })

  it('normalises sizes (standard order, 2XL = XXL) and colours (lowercase), without duplicates', () => {
    expect(parse('sizes=xl,2XL,s,XL&colors=Noir,%20bleu%20%20marine,noir')).toMatchObject({
      sizes: ['S', 'XL', 'XXL'],
      colors: ['noir', 'bleu marine'],
    })
  })

  it('accepts the flags as true or 1, and cuts a search to the 100 characters the server takes', () => {
    expect(parse('promotion=1&new=true&featured=false')).toMatchObject({ promotion: true, new: true })
    expect(parse('featured=false').featured).toBeUndefined()
    expect(parse(`search=${'a'.repeat(150)}`).search).toHaveLength(100)
  })
})

describe('state → address (listingSearch, listingHref)', () => {
  it('writes the state in the canonical order, lists comma-separated, defaults left out', () => {
    const query = parse('new=true&colors=noir,bleu%20marine&sizes=M,S&page=2&sort=price-desc&minPrice=1000')
    expect(listingSearch(query)).toBe('page=2&sort=price-desc&minPrice=1000&colors=noir,bleu%20marine&sizes=S,M&new=true')
    expect(listingSearch(parse(''))).toBe('')
    expect(listingHref(parse('page=1&limit=50'))).toBe('/products')
  })

  it('round-trips: what is written reads back as the same state', () => {
    for (const search of [
      'category=accessoire&subcategory=chaine&colors=dor%C3%A9,argent%C3%A9&sizes=unique',
      'search=t-shirt%20%C3%A9t%C3%A9&sort=relevance&page=4',
      'minPrice=0&maxPrice=15000&promotion=true&featured=true',
    ]) {
      const state = parse(search)
      expect(parse(listingSearch(state))).toEqual(state)
    }
  })

  it('goes back to page 1 on any filter change and removes what is set to undefined', () => {
    const query = parse('page=3&colors=noir&sizes=M&sort=price-asc')
    expect(listingHref(withFilters(query, { colors: ['noir', 'blanc'] }))).toBe('/products?sort=price-asc&colors=noir,blanc&sizes=M')
    expect(listingHref(withFilters(query, { sizes: undefined }))).toBe('/products?sort=price-asc&colors=noir')
    expect(listingHref(withFilters(query, { sort: 'price-desc' }))).toBe('/products?sort=price-desc&colors=noir&sizes=M')
  })

  it('resets the sidebar filters but keeps the search and the sort', () => {
    const query = parse('search=pull&sort=price-asc&category=vetement&colors=noir&sizes=M&new=true&minPrice=100&page=2')
    expect(listingHref(withoutFilters(query))).toBe('/products?sort=price-asc&search=pull')
    expect(activeFilterCount(query)).toBe(5)
    expect(activeFilterCount(withoutFilters(query))).toBe(0)
  })
})

describe('listingHeading', () => {
  it.each([
    ['search=chaine&new=true', frenchSpacing('Résultats pour « chaine »')],
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

  it('links pages of the same state, page 1 being the bare address, on any listing path', () => {
    const query = parse('new=true&page=2&colors=noir,blanc')
    expect(pageHref(query, 3)).toBe('/products?page=3&colors=noir,blanc&new=true')
    expect(pageHref(query, 1)).toBe('/products?colors=noir,blanc&new=true')
    expect(pageHref({ page: 2, sort: 'price-asc' }, 3, '/category/vetement/pull')).toBe('/category/vetement/pull?page=3&sort=price-asc')
  })

  it('reads the filters on a category page, its category from the path, never a search', () => {
    const params = new URLSearchParams('page=2&sort=price-asc&colors=noir&sizes=M&minPrice=5000&promotion=true&category=accessoire&search=pull')
    const query = parseCategoryParams('vetement', 'pull', params)
    expect(query).toEqual({
      page: 2,
      limit: 12,
      sort: 'price-asc',
      category: 'vetement',
      subcategory: 'pull',
      minPrice: 5000,
      colors: ['noir'],
      sizes: ['M'],
      promotion: true,
    })
    // Its address holds all but the category: a filter change stays on /category/….
    expect(listingHref(withFilters(categoryUrlQuery(query), { sizes: ['M', 'L'] }), '/category/vetement/pull')).toBe(
      '/category/vetement/pull?sort=price-asc&minPrice=5000&colors=noir&sizes=M,L&promotion=true',
    )
  })

  it('counts results in French', () => {
    expect(resultCountLabel(0)).toBe('0 produit')
    expect(resultCountLabel(1)).toBe('1 produit')
    expect(resultCountLabel(1250)).toBe('1 250 produits')
    expect(resultCountLabel(132, true)).toBe('Plus de 132 produits')
  })
})

describe('active filters as chips (filterChips)', () => {
  it('names each filter as the shopper chose it, in the filters’ order, each with the change that removes it', () => {
    const query = parse('category=vetement&subcategory=pull&minPrice=5000&maxPrice=20000&colors=noir,bleu marine&sizes=M,L&promotion=true&new=true')
    const chips = filterChips(query)
    // The labels say « : » after a no-break space (lib/typography.ts).
    expect(chips.map((chip) => chip.label)).toEqual(
      [
        'Catégorie : Pulls',
        'Prix : 5 000 FCFA – 20 000 FCFA',
        'Couleur : Noir',
        'Couleur : Bleu marine',
        'Taille : M',
        'Taille : L',
        'En promotion',
        'Nouveautés',
      ].map(frenchSpacing),
    )
    expect(chips.find((chip) => chip.label === frenchSpacing('Taille : M'))!.remove).toEqual({ sizes: ['L'] })
    expect(chips.find((chip) => chip.label === frenchSpacing('Couleur : Noir'))!.remove).toEqual({ colors: ['bleu marine'] })
    expect(chips[0]!.remove).toEqual({ category: undefined, subcategory: undefined })
    expect(chips[1]!.remove).toEqual({ minPrice: undefined, maxPrice: undefined })
  })

  it('says a price bound alone, and leaves a category page’s own category out', () => {
    expect(filterChips(parse('minPrice=5000')).map((c) => c.label)).toEqual([frenchSpacing('Prix : dès 5 000 FCFA')])
    expect(filterChips(parse('maxPrice=20000')).map((c) => c.label)).toEqual([frenchSpacing('Prix : jusqu’à 20 000 FCFA')])
    expect(filterChips(parse('category=accessoire&sizes=S'), false).map((c) => c.label)).toEqual([frenchSpacing('Taille : S')])
    // The last size removed leaves no size filter at all.
    expect(filterChips(parse('sizes=S'))[0]!.remove).toEqual({ sizes: undefined })
    expect(filterChips(parse('search=pull&sort=price-asc'))).toEqual([])
  })
})
