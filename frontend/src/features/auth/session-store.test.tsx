import { act, render, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { server } from '@/testing/server'
import { initSession, logout, sessionStore, useSession } from './session-store'

const me = {
  id: 42,
  firstName: 'Awa',
  lastName: 'Diop',
  email: 'awa@example.sn',
  phone: '+221 77 123 45 67',
  address: 'Rue 10',
  city: 'Dakar',
  zipCode: '12500',
  country: 'Sénégal',
  role: 'customer',
  active: true,
  createdAt: '2025-01-10T09:00:00Z',
}

function Who() {
  const { status, user } = useSession()
  return <p>{status}:{user ? user.firstName : 'personne'}</p>
}

beforeEach(() => sessionStore.clear())

describe('session', () => {
  it('without a token, is anonymous and calls nothing', async () => {
    await initSession()
    render(<Who />)
    expect(screen.getByText('anonymous:personne')).toBeVisible()
  })

  it('with a token, asks /api/auth/me with it and keeps the user', async () => {
    let authorization: string | null = null
    server.use(
      http.get('/api/auth/me', ({ request }) => {
        authorization = request.headers.get('Authorization')
        return HttpResponse.json({ data: me })
      }),
    )
    localStorage.setItem('token', 'jwt-1')
    render(<Who />)
    await initSession()
    await waitFor(() => expect(screen.getByText('authenticated:Awa')).toBeVisible())
    expect(authorization).toBe('Bearer jwt-1')
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ email: 'awa@example.sn' })
  })

  it('removes the token when /auth/me fails', async () => {
    server.use(http.get('/api/auth/me', () => HttpResponse.json({ code: 'unauthorized', message: 'Non autorisé' }, { status: 401 })))
    localStorage.setItem('token', 'expired')
    localStorage.setItem('user', JSON.stringify(me))
    render(<Who />)
    await act(() => initSession())
    expect(screen.getByText('anonymous:personne')).toBeVisible()
    expect(localStorage.getItem('token')).toBeNull()
    expect(localStorage.getItem('user')).toBeNull()
  })

  it('logout clears token and user', () => {
    sessionStore.setUser({ ...me, role: 'customer' })
    localStorage.setItem('token', 'jwt-1')
    render(<Who />)
    act(() => logout())
    expect(screen.getByText('anonymous:personne')).toBeVisible()
    expect(localStorage.getItem('token')).toBeNull()
  })
})
