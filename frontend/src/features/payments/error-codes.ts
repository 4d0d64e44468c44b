// The codes /payment-error explains, apart from the checkout's
// messages so that only the error page carries them.
import { PAYMENT_MESSAGES } from './messages'

/**
 * The codes /payment-error knows, with what they mean for the shopper. Some
 * reuse a message of the payment (expired session, not confirmed, not found).
 */
export const PAYMENT_ERROR_EXPLANATIONS: Record<string, string> = {
  insufficient_balance: 'Le solde de votre compte Wave est insuffisant pour régler cette commande. Rechargez votre compte puis réessayez.',
  cancelled_by_user: 'Vous avez annulé le paiement. Votre commande attend toujours son règlement.',
  session_expired: PAYMENT_MESSAGES.sessionExpired,
  technical_error: 'Un problème technique a interrompu le paiement. Aucun montant ne devrait avoir été débité. Veuillez réessayer dans quelques instants.',
  invalid_token: "Le lien de paiement n'est plus valide. Relancez le paiement depuis votre commande.",
  already_paid: 'Cette commande est déjà payée : aucun nouveau paiement n’est nécessaire.',
  timeout: 'Le paiement a pris trop de temps et a été interrompu. Veuillez réessayer.',
  mobile_error: "Le paiement depuis votre téléphone n'a pas abouti.",
  payment_failed: "Le paiement Wave n'a pas abouti. Aucun montant n'a été débité.",
  payment_not_confirmed: PAYMENT_MESSAGES.notConfirmed,
  verification_failed: PAYMENT_MESSAGES.verificationError,
  no_session_found: PAYMENT_MESSAGES.sessionNotFound,
  order_verification_failed: 'Erreur de validation de la commande',
  general_error: PAYMENT_MESSAGES.genericFailure,
  unknown_error: PAYMENT_MESSAGES.genericFailure,
}

/** Longest `errorMessage` shown as is: it comes from an address anyone can write. */
const MAX_ERROR_MESSAGE_LENGTH = 200

/** What /payment-error says: the code's explanation, else the given message, else the generic failure. */
export function paymentErrorExplanation(errorCode: string | null, errorMessage: string | null): string {
  const known = errorCode ? PAYMENT_ERROR_EXPLANATIONS[errorCode] : undefined
  if (known) return known
  const given = errorMessage?.trim()
  if (given) return given.length > MAX_ERROR_MESSAGE_LENGTH ? `${given.slice(0, MAX_ERROR_MESSAGE_LENGTH)}…` : given
  return PAYMENT_MESSAGES.genericFailure
}

/** These codes leave the pending payment for the recovery watcher; any other clears it. */
export const RECOVERABLE_ERROR_CODES: ReadonlySet<string> = new Set(['session_expired', 'technical_error', 'timeout'])
