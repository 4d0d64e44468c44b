import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ConfirmProvider, useConfirm } from './confirm'
import { ConfirmModal } from './modal'

function setup() {
  const onConfirm = vi.fn()
  const onCancel = vi.fn()
  render(
    <ConfirmModal
      open
      title="Déconnexion"
      text="Êtes-vous sûr de vouloir vous déconnecter ?"
      onConfirm={onConfirm}
      onCancel={onCancel}
    />,
  )
  return { onConfirm, onCancel }
}

describe('<ConfirmModal>', () => {
  it('shows title, text and the two answers, with focus on Annuler', () => {
    setup()
    const dialog = screen.getByRole('dialog', { name: 'Déconnexion' })
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(screen.getByText('Êtes-vous sûr de vouloir vous déconnecter ?')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Annuler' })).toHaveFocus()
    expect(screen.getByRole('button', { name: 'Confirmer' })).toBeVisible()
  })

  it('confirms with Confirmer', async () => {
    const { onConfirm, onCancel } = setup()
    await userEvent.click(screen.getByRole('button', { name: 'Confirmer' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    expect(onCancel).not.toHaveBeenCalled()
  })

  it('cancels with Annuler, Escape, the × button and a click on the overlay', async () => {
    const { onCancel, onConfirm } = setup()
    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }))
    await userEvent.keyboard('{Escape}')
    await userEvent.click(screen.getByRole('button', { name: 'Fermer' }))
    fireEvent.mouseDown(screen.getByTestId('modal-overlay'))
    expect(onCancel).toHaveBeenCalledTimes(4)
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('does not close on a click inside the dialog', () => {
    const { onCancel } = setup()
    fireEvent.mouseDown(screen.getByText('Êtes-vous sûr de vouloir vous déconnecter ?'))
    expect(onCancel).not.toHaveBeenCalled()
  })

  it('keeps Tab inside the dialog', async () => {
    setup()
    await userEvent.tab() // Annuler → Confirmer
    expect(screen.getByRole('button', { name: 'Confirmer' })).toHaveFocus()
    await userEvent.tab() // wraps to the first control (×)
    expect(screen.getByRole('button', { name: 'Fermer' })).toHaveFocus()
  })
})

describe('useConfirm()', () => {
  function Asker() {
    const confirm = useConfirm()
    const [answer, setAnswer] = useState('aucune')
    return (
      <>
        <button onClick={async () => setAnswer(String(await confirm({ title: 'Supprimer', text: 'Vraiment ?' })))}>
          Demander
        </button>
        <p>Réponse : {answer}</p>
      </>
    )
  }

  it('resolves true on Confirmer and false on Escape, and gives focus back', async () => {
    render(<ConfirmProvider><Asker /></ConfirmProvider>)
    const opener = screen.getByRole('button', { name: 'Demander' })

    await userEvent.click(opener)
    await userEvent.click(screen.getByRole('button', { name: 'Confirmer' }))
    expect(await screen.findByText('Réponse : true')).toBeVisible()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await userEvent.click(opener)
    await userEvent.keyboard('{Escape}')
    expect(await screen.findByText('Réponse : false')).toBeVisible()
    expect(opener).toHaveFocus()
  })
})
