import { Link } from 'react-router'
import styles from './product-status.module.css'

export const PRODUCT_NOT_FOUND = 'Produit non trouvé'
export const PRODUCT_LOAD_ERROR = 'Impossible de charger le produit. Veuillez réessayer plus tard.'

/** The product page when there is no product to show: missing (404) or not loaded. */
export function ProductStatus({ notFound }: { notFound: boolean }) {
  return (
    <div className={`container ${styles.status}`} role={notFound ? undefined : 'alert'}>
      {notFound ? (
        <>
          <h1 className={styles.title}>{PRODUCT_NOT_FOUND}</h1>
          <p className={styles.text}>Ce produit n’existe pas ou n’est plus disponible.</p>
        </>
      ) : (
        <>
          <h1 className={styles.title}>Oups…</h1>
          <p className={styles.text}>{PRODUCT_LOAD_ERROR}</p>
        </>
      )}
      <Link to="/products" className={styles.link}>Voir tous les produits</Link>
    </div>
  )
}

/** Boxes of the page's size while the product loads, so nothing jumps when it arrives. */
export function ProductDetailSkeleton() {
  return (
    <div className={`container ${styles.skeleton}`} aria-busy="true">
      <span className="visually-hidden" role="status">Chargement du produit…</span>
      <div className={styles.media} />
      <div className={styles.lines}>
        <div className={styles.line} style={{ width: '70%', height: '2rem' }} />
        <div className={styles.line} style={{ width: '35%' }} />
        <div className={styles.line} style={{ width: '90%' }} />
        <div className={styles.line} style={{ width: '60%' }} />
      </div>
    </div>
  )
}
