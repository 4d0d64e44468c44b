import { act, render, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { server } from '@/testing/server'
import { logInWith } from './api/login'
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

  it('logout clears token and user at once and ends the session on the server with that token', async () => {
    let authorization: string | null = null
    server.use(
      http.post('/api/auth/logout', ({ request }) => {
        authorization = request.headers.get('Authorization')
        return HttpResponse.json({ data: { message: 'Vous êtes déconnecté.' } })
      }),
    )
    sessionStore.logIn('jwt-1', { ...me, role: 'customer' })
    render(<Who />)
    let done: Promise<void> = Promise.resolve()
    act(() => {
      done = logout()
    })
    expect(screen.getByText('anonymous:personne')).toBeVisible()
    expect(localStorage.getItem('token')).toBeNull()
    expect(localStorage.getItem('user')).toBeNull()
    await done
    expect(authorization).toBe('Bearer jwt-1')
  })

  it('logout still clears the session when the server cannot be reached', async () => {
    server.use(http.post('/api/auth/logout', () => HttpResponse.error()))
    sessionStore.logIn('jwt-1', { ...me, role: 'customer' })
    render(<Who />)
    await act(() => logout())
    expect(screen.getByText('anonymous:personne')).toBeVisible()
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('a login waits for the previous logout to reach the server', async () => {
    const order: string[] = []
    let release: () => void = () => {}
    server.use(
      http.post('/api/auth/logout', async () => {
        await new Promise<void>((resolve) => (release = resolve))
        order.push('logout')
        return HttpResponse.json({ data: { message: 'ok' } })
      }),
      http.post('/api/auth/login', () => {
        order.push('login')
        return HttpResponse.json({ data: { token: 'jwt-2', user: me } })
      }),
    )
    sessionStore.logIn('jwt-1', { ...me, role: 'customer' })
    void logout()
    const login = logInWith({ email: 'awa@example.sn', password: 'secret1' })
    await new Promise((r) => setTimeout(r, 20))
    expect(order).toEqual([])
    release()
    await login
    expect(order).toEqual(['logout', 'login'])
    expect(localStorage.getItem('token')).toBe('jwt-2')
  })
})
