// The journal in French: each action's label (one table), the kinds of target, and how a
// value before or after a change reads.
import { labelOf } from '@/lib/codes'
import type { AuditTarget } from './api/audit'

/** Every action the server writes in the journal, in the order the filter offers them. */
export const ACTION_LABELS: Record<string, string> = {
  'product.create': 'Produit créé',
  'product.update': 'Produit modifié',
  'product.delete': 'Produit supprimé',
  'stock.adjust': 'Stock ajusté',
  'catalog.import': 'Catalogue importé',
  'catalog.export': 'Catalogue exporté',
  'picture.upload': 'Images envoyées',
  'order.status': 'Statut de commande modifié',
  'order.tracking': 'Note de suivi modifiée',
  'order.confirmation': 'Appel de confirmation noté',
  'order.returned': 'Colis marqué retourné',
  'order.courier': 'Livreur assigné',
  'order.delivery': 'Livraison de la commande corrigée',
  'order.items': 'Articles de la commande corrigés',
  'order.cash_on_delivery': 'Commande passée au paiement à la livraison',
  'payment.record': 'Paiement enregistré',
  'payment.cash_received': 'Espèces d’une tournée reçues',
  'refund.create': 'Remboursement fait',
  'refund.check': 'Remboursement vérifié auprès de Wave',
  'message.resend': 'Message renvoyé',
  'conversation.reply': 'Réponse WhatsApp envoyée',
  'phone.decision': 'Paiement à la livraison d’un numéro décidé',
  'promo_code.create': 'Code promo créé',
  'promo_code.update': 'Code promo modifié',
  'delivery_zone.create': 'Zone de livraison créée',
  'delivery_zone.update': 'Zone de livraison modifiée',
  'delivery_zone.delete': 'Zone de livraison supprimée',
  'user.create': 'Compte créé',
  'user.update': 'Compte modifié',
  'user.role': 'Rôle modifié',
  'user.status': 'Compte activé ou désactivé',
  'user.delete': 'Compte supprimé',
  'user.reset_link': 'Lien de mot de passe créé',
  'user.two_factor_on': 'Connexion en deux étapes activée',
  'user.two_factor_off': 'Connexion en deux étapes désactivée',
  'newsletter.export': 'Newsletter exportée',
  'report.export': 'Rapport de caisse exporté',
  'audit.export': 'Journal exporté',
  'auth.login': 'Connexion',
  'auth.login_failed': 'Connexion refusée',
}

export const actionLabel = (action: string) => labelOf(ACTION_LABELS, action)

/** The kinds of target the journal names (an order's payments and refunds are the order's). */
export const TARGET_TYPE_LABELS: Record<string, string> = {
  order: 'Commande',
  product: 'Produit',
  catalog: 'Catalogue',
  picture: 'Image',
  user: 'Compte',
  promo_code: 'Code promo',
  delivery_zone: 'Zone de livraison',
  phone: 'Téléphone',
  message: 'Message',
  file: 'Fichier',
}

export const targetTypeLabel = (type: string) => labelOf(TARGET_TYPE_LABELS, type)

/** « Commande ORD-… », « Produit T-shirt Ngor »: the kind, then the label, else the id. */
export function targetText(target: AuditTarget): string {
  const name = target.label || target.id
  return name ? `${targetTypeLabel(target.type)} ${name}` : targetTypeLabel(target.type)
}

/** The back-office page of an order or a product named by an entry; none once it is deleted. */
export function targetHref(target: AuditTarget, action: string): string | null {
  if (!target.id || action.endsWith('.delete')) return null
  if (target.type === 'order') return `/admin/orders/${encodeURIComponent(target.id)}`
  if (target.type === 'product') return `/admin/products/edit/${encodeURIComponent(target.id)}`
  return null
}

/** The longest a value is shown in a line of changes (the CSV holds it whole). */
export const VALUE_MAX = 200

/** A value before or after: `null` is « — », an empty text « (vide) », yes/no, objects as compact JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—'
  if (typeof value === 'string') return value === '' ? '(vide)' : clip(value)
  if (typeof value === 'boolean') return value ? 'oui' : 'non'
  if (typeof value === 'number') return String(value)
  return clip(JSON.stringify(value) ?? String(value))
}

function clip(text: string): string {
  return text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX - 1)}…` : text
}
