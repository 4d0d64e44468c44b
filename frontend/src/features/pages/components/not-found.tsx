import { Link } from 'react-router'
import { SUBCATEGORY_LINKS } from '@/config/catalog'
import styles from './status-page.module.css'

export function NotFound() {
  return (
    <div className={`container ${styles.page}`}>
      <p className={styles.code} aria-hidden="true">404</p>
      <h1 className={styles.title}>Page introuvable</h1>
      <p className={styles.text}>
        Désolé, la page que vous cherchez n’existe pas ou a été déplacée.
      </p>
      <div className={styles.actions}>
        <Link to="/" className={styles.primary}>Retour à l’accueil</Link>
        <Link to="/products" className={styles.secondary}>Voir tous les produits</Link>
      </div>
      <nav aria-labelledby="not-found-categories" className={styles.more}>
        <h2 id="not-found-categories" className={styles.subtitle}>Nos catégories</h2>
        <ul className={styles.links}>
          {SUBCATEGORY_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  )
}
