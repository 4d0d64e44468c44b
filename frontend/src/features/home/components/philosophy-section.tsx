import { Link } from 'react-router'
import { shop } from '@/lib/shop'
import styles from './philosophy-section.module.css'

const PILLARS = [
  {
    title: 'Fait pour la rue',
    text: 'Des coupes pensées pour bouger : du marché de Colobane aux soirées de la Corniche.',
  },
  {
    title: 'Ancré à Dakar',
    text: 'Nos idées naissent aux Parcelles Assainies, entre le rythme du mbalax et l’énergie du hip-hop galsen.',
  },
  {
    title: 'Pensé pour durer',
    text: 'Des matières choisies pour tenir la chaleur, les lavages et les années. Moins, mais mieux.',
  },
]

export function PhilosophySection() {
  return (
    <section className={styles.section} aria-labelledby="philosophy-title">
      <div className={`container ${styles.inner}`}>
        <div className={styles.intro}>
          <p className={styles.kicker}>Notre philosophie</p>
          <h2 id="philosophy-title" className={styles.title}>La ville est notre atelier</h2>
          <p className={styles.lead}>
            {shop.name}, une marque née à Dakar en 2024 pour habiller une génération qui crée, qui ose et qui
            porte fièrement son quartier. Chaque pièce raconte la ville : ses couleurs,
            sa lumière et sa façon unique de mélanger les styles.
          </p>
          <Link to="/about" className={styles.link}>En savoir plus sur nous</Link>
        </div>
        <ul className={styles.pillars}>
          {PILLARS.map((pillar) => (
            <li key={pillar.title} className={styles.pillar}>
              <h3 className={styles.pillarTitle}>{pillar.title}</h3>
              <p>{pillar.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
