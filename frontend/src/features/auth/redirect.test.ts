import { describe, expect, it } from 'vitest'
import { redirectTarget, safeRedirectPath } from './redirect'

describe('where to go after logging in', () => {
  it('prefers the router state, then ?redirect=, then home', () => {
    expect(redirectTarget({ from: '/account?tab=orders' }, new URLSearchParams('redirect=/products'))).toBe('/account?tab=orders')
    expect(redirectTarget({ from: { pathname: '/orders/12', search: '?x=1', hash: '' } }, new URLSearchParams())).toBe('/orders/12?x=1')
    expect(redirectTarget(null, new URLSearchParams('redirect=/products%3Fnew%3Dtrue'))).toBe('/products?new=true')
    expect(redirectTarget(undefined, new URLSearchParams())).toBe('/')
  })

  it('never leaves the site and never loops back to the login pages', () => {
    for (const value of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'products', '/login', '/register?x=1', '/reset-password/abc', '/forgot-password', 42, null]) {
      expect(safeRedirectPath(value)).toBeNull()
    }
    expect(safeRedirectPath('/checkout')).toBe('/checkout')
  })
})
