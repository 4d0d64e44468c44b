// Every sentence of the Wave payment the shopper reads, in one place.

export const PAYMENT_MESSAGES = {
  // Checkout
  testMode: 'Mode de test activé : le paiement est simulé.',
  initFailed: "Erreur lors de l'initialisation du paiement. Veuillez réessayer.",
  emptyResponse: 'Réponse vide du service de paiement',
  noCheckoutUrl: 'URL de paiement Wave non disponible',
  openFailed: "Erreur lors de l'ouverture de la page de paiement Wave",
  missingOrderId: 'Erreur: ID de commande manquant pour le paiement',
  sessionExpired: 'Votre session de paiement a expiré. Veuillez réessayer.',
  staleCleaned: 'Une ancienne session de paiement a été détectée et nettoyée',
  incompleteSession: 'Données de session Wave incomplètes',
  // Status checks
  networkError: 'Erreur réseau, impossible de vérifier le statut du paiement',
  sessionNotFound: 'Session de paiement non trouvée',
  // Result pages
  missingParams: 'Paramètres de vérification de paiement manquants',
  successUnauthorized: 'Accès non autorisé à la page de confirmation',
  errorUnauthorized: "Accès non autorisé à la page d'erreur",
  stillVerifying: 'Vérification du paiement en cours...',
  notConfirmed:
    'Impossible de confirmer le paiement dans notre système. Si vous avez été débité, contactez notre service client.',
  verificationError: 'Une erreur est survenue lors de la vérification du paiement',
  confirmed: 'Paiement confirmé!',
  genericFailure: 'Une erreur est survenue lors du paiement.',
  mobileProcessing: 'Traitement du paiement...',
  mobileMissingOrder: 'Identifiant de commande manquant. Impossible de vérifier le paiement.',
  // Recovery watcher
  pendingPayment: 'Vous avez un paiement en attente',
  resumePayment: 'Reprendre le paiement',
  recovered: 'Un paiement réussi a été détecté!',
} as const
