// Wave's `last_payment_error` codes in the shopper's French, with what to do
// next: the one mapping, read by /payment-error and by the order page's
// « Payer avec Wave ».

export interface WavePaymentProblem {
  /** What happened. */
  message: string
  /** What the shopper can do about it. */
  next: string
}

export const WAVE_PAYMENT_ERRORS: Record<string, WavePaymentProblem> = {
  'insufficient-funds': {
    message: 'Le solde de votre compte Wave était insuffisant pour ce paiement.',
    next: 'Rechargez votre compte Wave (dépôt chez un agent ou transfert), puis payez à nouveau.',
  },
  'payer-mobile-mismatch': {
    message: 'Le paiement a été tenté depuis un compte Wave qui n’est pas celui attendu pour cette commande.',
    next: 'Payez depuis le compte Wave du numéro attendu, puis réessayez.',
  },
  'blocked-account': {
    message: 'Votre compte Wave est bloqué : Wave a refusé le paiement.',
    next: 'Contactez le service client de Wave pour le débloquer, puis payez à nouveau.',
  },
  'kyb-limits-exceeded': {
    message: 'Ce paiement dépasse les plafonds du compte Wave de la boutique.',
    next: 'Réessayez plus tard, ou contactez-nous : nous trouverons une solution avec vous.',
  },
  'simulated-failure': {
    message: 'Le simulateur de paiement a refusé ce paiement (mode de test).',
    next: 'Relancez le paiement et choisissez « Payer » dans le simulateur.',
  },
}

const UNKNOWN_PROBLEM: WavePaymentProblem = {
  message: 'Wave a refusé le dernier essai de paiement.',
  next: 'Vérifiez votre compte Wave puis payez à nouveau, ou contactez-nous si le problème persiste.',
}

/** What to tell about Wave's last refusal of the order's payment, if there was one. */
export function wavePaymentProblem(lastError: { code: string } | null | undefined): WavePaymentProblem | null {
  if (!lastError) return null
  return WAVE_PAYMENT_ERRORS[lastError.code.trim()] ?? UNKNOWN_PROBLEM
}
