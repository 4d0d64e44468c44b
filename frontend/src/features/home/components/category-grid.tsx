import { Link } from 'react-router'
import { SUBCATEGORY_LINKS } from '@/config/catalog'
import styles from './category-grid.module.css'

const TAGLINES: Record<string, string> = {
  't-shirt': 'Coton épais, coupes amples',
  pull: 'Pour les soirées au bord de la mer',
  lunette: 'Le soleil de Dakar, avec style',
  chaine: 'La touche finale',
}

export function CategoryGrid() {
  return (
    <section className={styles.section} aria-labelledby="categories-title">
      <div className="container">
        <h2 id="categories-title" className={styles.title}>Nos catégories</h2>
        <ul className={styles.grid}>
          {SUBCATEGORY_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={styles.card}>
                <img
                  src={`/images/categories/${link.subcategory}.svg`}
                  alt=""
                  width={480}
                  height={480}
                  loading="lazy"
                  decoding="async"
                />
                <span className={styles.label}>
                  <span className={styles.name}>{link.label}</span>
                  <span className={styles.tagline}>{TAGLINES[link.subcategory]}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
