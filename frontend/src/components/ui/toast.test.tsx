import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { TOAST_DURATION_MS, ToastProvider, useToast, type ToastKind } from './toast'

function Trigger({ kind, message }: { kind: ToastKind; message: string }) {
  const toast = useToast()
  return <button onClick={() => toast[kind](message)}>{`show ${kind}`}</button>
}

function setup(kind: ToastKind = 'success', message = 'Produit ajouté au panier') {
  render(
    <ToastProvider>
      <Trigger kind={kind} message={message} />
    </ToastProvider>,
  )
  return screen.getByRole('button', { name: `show ${kind}` })
}

describe('toasts', () => {
  it('shows the message in a polite live region and hides it after 3 s', () => {
    vi.useFakeTimers()
    fireEvent.click(setup())
    const region = screen.getByRole('status', { name: 'Notifications' })
    expect(region).toHaveAttribute('aria-live', 'polite')
    expect(within(region).getByText('Produit ajouté au panier')).toBeVisible()

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1))
    expect(screen.getByText('Produit ajouté au panier')).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.queryByText('Produit ajouté au panier')).not.toBeInTheDocument()
  })

  it.each<ToastKind>(['success', 'error', 'warning', 'info'])('has a %s kind', (kind) => {
    fireEvent.click(setup(kind, `Message ${kind}`))
    expect(screen.getByText(`Message ${kind}`).closest('[data-kind]')).toHaveAttribute('data-kind', kind)
  })

  it('can be closed before the 3 s', () => {
    fireEvent.click(setup('error', 'Veuillez entrer une adresse email valide'))
    fireEvent.click(screen.getByRole('button', { name: 'Fermer la notification' }))
    expect(screen.queryByText('Veuillez entrer une adresse email valide')).not.toBeInTheDocument()
  })

  it('offers an action that closes the toast and runs, and stays until used', () => {
    vi.useFakeTimers()
    const run = vi.fn()
    function WithAction() {
      const toast = useToast()
      return <button onClick={() => toast.info('Vous avez un paiement en attente', { label: 'Reprendre le paiement', run })}>show</button>
    }
    render(
      <ToastProvider>
        <WithAction />
      </ToastProvider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'show' }))
    const region = screen.getByRole('status', { name: 'Notifications' })
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS * 10))
    expect(within(region).getByText('Vous avez un paiement en attente')).toBeVisible()

    fireEvent.click(within(region).getByRole('button', { name: 'Reprendre le paiement' }))
    expect(run).toHaveBeenCalledOnce()
    expect(within(region).queryByText('Vous avez un paiement en attente')).not.toBeInTheDocument()
  })

  it('shows the same message once when triggered twice', () => {
    const button = setup('info', 'Bonjour')
    fireEvent.click(button)
    fireEvent.click(button)
    expect(screen.getAllByText('Bonjour')).toHaveLength(1)
  })
})
