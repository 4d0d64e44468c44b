import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { Pagination, paginationItems } from './pagination'

describe('paginationItems', () => {
  it('is empty with zero or one page', () => {
    expect(paginationItems(1, 0)).toEqual([])
    expect(paginationItems(1, 1)).toEqual([])
  })

  it('lists every page up to 5', () => {
    expect(paginationItems(1, 3)).toEqual([1, 2, 3])
    expect(paginationItems(3, 5)).toEqual([1, 2, 3, 4, 5])
  })

  it('shows at most 5 numbers around the current page, plus first and last with ellipses', () => {
    expect(paginationItems(1, 10)).toEqual([1, 2, 3, 4, 5, 'ellipsis-end', 10])
    expect(paginationItems(5, 10)).toEqual([1, 'ellipsis-start', 3, 4, 5, 6, 7, 'ellipsis-end', 10])
    expect(paginationItems(10, 10)).toEqual([1, 'ellipsis-start', 6, 7, 8, 9, 10])
  })

  it('puts no ellipsis where no page is skipped', () => {
    expect(paginationItems(4, 10)).toEqual([1, 2, 3, 4, 5, 6, 'ellipsis-end', 10])
    expect(paginationItems(7, 10)).toEqual([1, 'ellipsis-start', 5, 6, 7, 8, 9, 10])
    expect(paginationItems(3, 6)).toEqual([1, 2, 3, 4, 5, 6])
  })

  it('clamps an out-of-range page', () => {
    expect(paginationItems(99, 3)).toEqual([1, 2, 3])
    expect(paginationItems(-2, 3)).toEqual([1, 2, 3])
  })
})

describe('<Pagination>', () => {
  const hrefFor = (page: number) => `/products?page=${page}`

  it('renders nothing with a single page', () => {
    render(<MemoryRouter><Pagination page={1} totalPages={1} hrefFor={hrefFor} /></MemoryRouter>)
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument()
  })

  it('links every page, marks the current one and offers previous/next', () => {
    render(<MemoryRouter><Pagination page={5} totalPages={10} hrefFor={hrefFor} /></MemoryRouter>)
    expect(screen.getByRole('link', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('link', { name: 'Page 10' })).toHaveAttribute('href', '/products?page=10')
    expect(screen.queryByRole('link', { name: 'Page 2' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Page précédente' })).toHaveAttribute('href', '/products?page=4')
    expect(screen.getByRole('link', { name: 'Page suivante' })).toHaveAttribute('href', '/products?page=6')
    expect(screen.getAllByText('…')).toHaveLength(2)
  })

  it('has no previous link on the first page and no next link on the last', () => {
    const { unmount } = render(<MemoryRouter><Pagination page={1} totalPages={3} hrefFor={hrefFor} /></MemoryRouter>)
    expect(screen.queryByRole('link', { name: 'Page précédente' })).not.toBeInTheDocument()
    unmount()
    render(<MemoryRouter><Pagination page={3} totalPages={3} hrefFor={hrefFor} /></MemoryRouter>)
    expect(screen.queryByRole('link', { name: 'Page suivante' })).not.toBeInTheDocument()
  })
})
