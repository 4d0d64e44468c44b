import { describe, expect, it } from 'vitest'
import { WAVE_PAYMENT_ERRORS, wavePaymentProblem } from './wave-errors'

describe('wavePaymentProblem', () => {
  it('tells each of Wave’s documented refusals in French with what to do next', () => {
    for (const code of ['insufficient-funds', 'payer-mobile-mismatch', 'blocked-account', 'kyb-limits-exceeded']) {
      const problem = wavePaymentProblem({ code })
      expect(problem).toBe(WAVE_PAYMENT_ERRORS[code])
      expect(problem?.message).toMatch(/Wave/)
      expect(problem?.next.length).toBeGreaterThan(20)
    }
    expect(wavePaymentProblem({ code: 'insufficient-funds' })?.next).toContain('Rechargez votre compte Wave')
  })

  it('says something useful of an unknown code and nothing without a refusal', () => {
    expect(wavePaymentProblem({ code: 'something-new' })?.message).toBe('Wave a refusé le dernier essai de paiement.')
    expect(wavePaymentProblem(null)).toBeNull()
    expect(wavePaymentProblem(undefined)).toBeNull()
  })
})
