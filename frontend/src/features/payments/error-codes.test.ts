import { describe, expect, it } from 'vitest'
import { paymentErrorExplanation, PAYMENT_ERROR_EXPLANATIONS, RECOVERABLE_ERROR_CODES } from './error-codes'

describe('payment error codes', () => {
  it('explains every code the seed names, in French', () => {
    const codes = [
      'insufficient_balance', 'cancelled_by_user', 'session_expired', 'technical_error', 'invalid_token', 'already_paid',
      'timeout', 'mobile_error', 'payment_not_confirmed', 'payment_failed', 'verification_failed', 'no_session_found',
      'order_verification_failed', 'general_error', 'unknown_error',
    ]
    expect(Object.keys(PAYMENT_ERROR_EXPLANATIONS).sort()).toEqual([...codes].sort())
    expect(paymentErrorExplanation('insufficient_balance', null)).toMatch(/solde de votre compte Wave est insuffisant/)
    expect(paymentErrorExplanation('session_expired', 'ignored')).toBe('Votre session de paiement a expiré. Veuillez réessayer.')
    expect(paymentErrorExplanation('payment_not_confirmed', null)).toBe(
      'Impossible de confirmer le paiement dans notre système. Si vous avez été débité, contactez notre service client.',
    )
    expect(paymentErrorExplanation('no_session_found', null)).toBe('Session de paiement non trouvée')
    expect(paymentErrorExplanation('order_verification_failed', null)).toBe('Erreur de validation de la commande')
  })

  it('otherwise shows the errorMessage parameter (shortened), else the default sentence', () => {
    expect(paymentErrorExplanation('wallet_frozen', 'Compte Wave bloqué')).toBe('Compte Wave bloqué')
    expect(paymentErrorExplanation(null, '   ')).toBe('Une erreur est survenue lors du paiement.')
    expect(paymentErrorExplanation(null, null)).toBe('Une erreur est survenue lors du paiement.')
    const long = 'x'.repeat(500)
    expect(paymentErrorExplanation('other', long)).toBe(`${'x'.repeat(200)}…`)
  })

  it('keeps the pending payment for session_expired, technical_error and timeout only', () => {
    expect([...RECOVERABLE_ERROR_CODES].sort()).toEqual(['session_expired', 'technical_error', 'timeout'])
  })
})
