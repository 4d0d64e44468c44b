// The empty and failed states shared by the drawer and /cart.
import { Button, ButtonLink } from '@/components/ui/button'
import { FETCH_ERROR_MESSAGE } from '../cart-model'
import styles from './cart-status.module.css'

export const EMPTY_CART_MESSAGE = 'Votre panier est vide'

export function EmptyCart({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <div className={styles.state}>
      <p className={styles.message}>{EMPTY_CART_MESSAGE}</p>
      <ButtonLink to="/products" onClick={onNavigate}>Découvrir nos produits</ButtonLink>
    </div>
  )
}

export function CartError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={styles.state} role="alert">
      <p className={styles.message}>{FETCH_ERROR_MESSAGE}</p>
      <Button variant="secondary" onClick={onRetry}>Réessayer</Button>
    </div>
  )
}
