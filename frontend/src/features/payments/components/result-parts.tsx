import { useLocation } from 'react-router'
import { ButtonLink } from '@/components/ui/button'
import styles from './payments.module.css'

/** The success page links home, to the orders and to contact. */
export function SuccessLinks() {
  return (
    <nav className={styles.actions} aria-label="Et maintenant ?">
      <ButtonLink to="/orders">Voir mes commandes</ButtonLink>
      <ButtonLink to="/" variant="secondary">Retour à l’accueil</ButtonLink>
      <ButtonLink to="/contact" variant="ghost">Nous contacter</ButtonLink>
    </nav>
  )
}

/** The error page links to the cart, the order and contact. */
export function ErrorLinks({ orderId }: { orderId: string | null }) {
  return (
    <nav className={styles.actions} aria-label="Et maintenant ?">
      {orderId ? <ButtonLink to={`/orders/${encodeURIComponent(orderId)}`} variant="secondary">Voir ma commande</ButtonLink> : null}
      <ButtonLink to="/cart" variant="secondary">Retour au panier</ButtonLink>
      <ButtonLink to="/contact" variant="ghost">Contacter le service client</ButtonLink>
    </nav>
  )
}

/**
 * A payment's status is told to the customer who placed the order only:
 * a visitor without a session (Wave's link opened in another browser) is
 * asked to log in, and comes back to this very page afterwards.
 */
export function LoginToContinue({ text }: { text: string }) {
  const location = useLocation()
  return (
    <>
      <h1 className={styles.title}>Connectez-vous pour continuer</h1>
      <p>{text}</p>
      <div className={styles.actions}>
        <ButtonLink to="/login" state={{ from: location.pathname + location.search }}>Se connecter</ButtonLink>
      </div>
    </>
  )
}
