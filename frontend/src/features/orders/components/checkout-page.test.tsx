import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '@/testing/render'
import { makeUser } from '@/testing/users'
import { deliveryDefaults } from '../checkout-model'
import { CheckoutPage, type CheckoutCart } from './checkout-page'

const CART: CheckoutCart = {
  status: 'ready',
  lines: [{ key: 'l1', productId: 'p1', name: 'T-shirt Yoff Surf Club', image: '/images/placeholder.jpg', unitPrice: 8000, quantity: 1, size: 'M', color: 'bleu' }],
  subtotal: 8000,
  refetch: () => {},
}

describe('CheckoutPage without a Wave payment plugged in', () => {
  it('says Wave is coming and cannot confirm a Wave order', async () => {
    const user = userEvent.setup()
    const defaults = { ...deliveryDefaults(makeUser(), null, 'medina'), landmark: 'Près de la poste' }
    renderWithProviders(<CheckoutPage cart={CART} defaults={defaults} />, { route: '/checkout' })
    await screen.findByTestId('shipping-fee-standard')
    await user.click(screen.getByRole('button', { name: 'Suivant' }))
    await screen.findByRole('heading', { level: 2, name: 'Mode de paiement' })
    expect(screen.getByText(/Le paiement Wave arrive bientôt/)).toBeVisible()
    await user.click(screen.getByRole('radio', { name: /^Paiement à la livraison/ }))
    expect(screen.queryByText(/Le paiement Wave arrive bientôt/)).not.toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: /^Wave/ }))
    await user.click(screen.getByRole('button', { name: 'Suivant' }))
    await screen.findByRole('heading', { level: 2, name: 'Récapitulatif de la commande' })
    expect(screen.getByText(/Le paiement Wave arrive bientôt/)).toBeVisible()
    expect(screen.getByRole('button', { name: 'Confirmer la commande' })).toBeDisabled()
  })
})
