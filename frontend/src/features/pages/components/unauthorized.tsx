import { Link } from 'react-router'
import styles from './status-page.module.css'

export function Unauthorized() {
  return (
    <div className={`container ${styles.page}`}>
      <p className={styles.code} aria-hidden="true">403</p>
      <h1 className={styles.title}>Accès non autorisé</h1>
      <p className={styles.text}>Cette section est réservée à l’équipe de la boutique.</p>
      <div className={styles.actions}>
        <Link to="/" className={styles.primary}>Retour à l’accueil</Link>
      </div>
    </div>
  )
}
