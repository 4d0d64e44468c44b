// /about: story (founded 2024), mission, the four values,
// manifesto, creative vision, links to the products and to contact.
import { ButtonLink } from '@/components/ui/button'
import { shop } from '@/lib/shop'
import { PageHero } from './page-hero'
import styles from './info-page.module.css'
import about from './about-page.module.css'

export const VALUES = [
  {
    title: 'Authenticité',
    text: 'Nos pièces partent de ce que nous vivons : la rue dakaroise, ses couleurs, sa musique, sa débrouille. Pas de copie de tendances venues d’ailleurs, des créations qui disent d’où nous venons.',
  },
  {
    title: 'Durabilité',
    text: 'Acheter moins, mais mieux : des matières choisies pour supporter la chaleur et les lavages, des finitions vérifiées avant chaque envoi, et des conseils d’entretien pour garder vos pièces longtemps.',
  },
  {
    title: 'Créativité',
    text: 'T-shirts graphiques, pulls, lunettes, chaînes : chaque nouveauté est l’occasion d’essayer une idée, de mélanger les influences et de proposer des pièces qu’on ne croise pas à chaque coin de rue.',
  },
  {
    title: 'Communauté',
    text: `${shop.name} grandit avec celles et ceux qui le portent. Vos retours, vos photos et vos idées, sur WhatsApp ou les réseaux, nourrissent les prochaines créations.`,
  },
] as const

export function AboutPage() {
  return (
    <>
      <PageHero
        kicker={`À propos de ${shop.name}`}
        title="Née à Dakar, faite pour la rue"
        lead="Une marque créée en 2024 pour habiller une génération qui crée, qui ose et qui porte fièrement sa ville."
      />

      <div className={`container ${styles.body}`}>
        <div className={about.split}>
          <section className={styles.section} aria-labelledby="about-story">
            <h2 id="about-story" className={styles.sectionTitle}>Notre histoire</h2>
            <div className={styles.prose}>
              <p>
                L’aventure de {shop.name} commence en 2024 à Dakar, avec une envie simple : porter
                des vêtements qui nous ressemblent, sans devoir les faire venir de l’autre bout du monde.
              </p>
              <p>
                Une boutique de quartier, ouverte à tous, qui parle la langue de sa ville. Aujourd’hui,{' '}
                {shop.name} propose des t-shirts, des pulls, des lunettes et des chaînes, à commander en ligne et à
                payer par Wave ou à la livraison.
              </p>
            </div>
          </section>

          <section className={styles.section} aria-labelledby="about-mission">
            <h2 id="about-mission" className={styles.sectionTitle}>Notre mission</h2>
            <div className={styles.prose}>
              <p>
                Rendre la mode urbaine créée ici accessible à toutes et à tous : des pièces de qualité, des prix affichés
                en FCFA, et un service proche de vous, de la question sur une taille jusqu’à la livraison à votre porte.
              </p>
            </div>
          </section>
        </div>

        <section className={styles.section} aria-labelledby="about-values">
          <h2 id="about-values" className={styles.sectionTitle}>Nos valeurs</h2>
          <ul className={`${styles.cards} ${about.values}`}>
            {VALUES.map((value) => (
              <li key={value.title} className={`${styles.card} ${about.value}`}>
                <h3>{value.title}</h3>
                <p className={styles.muted}>{value.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <section className={styles.band} aria-labelledby="about-manifesto">
        <div className="container">
          <p className={styles.kicker}>Manifeste</p>
          <h2 id="about-manifesto" className={styles.title}>La rue est notre atelier</h2>
          <div className={about.manifesto}>
            <p>Nous croyons qu’on n’a pas besoin de quitter Dakar pour être à la mode : la mode se fait ici.</p>
            <p>Nous créons pour celles et ceux qui s’habillent comme ils pensent : librement.</p>
            <p>Chaque pièce est faite pour être portée, vécue, prêtée, et pour durer plus d’une saison.</p>
            <p>Nous avançons avec notre communauté, pas au-dessus d’elle.</p>
          </div>
        </div>
      </section>

      <div className={`container ${styles.body}`}>
        <section className={styles.section} aria-labelledby="about-vision">
          <h2 id="about-vision" className={styles.sectionTitle}>Notre vision créative</h2>
          <div className={styles.prose}>
            <p>
              Nos idées naissent dans la ville : les couleurs des cars rapides, les fresques des murs, les typographies des
              enseignes, le rythme du mbalax et l’énergie du hip-hop galsen. Nous les traduisons en pièces simples à porter,
              qui se marient entre elles et avec ce que vous avez déjà.
            </p>
            <p>
              Nous voulons des vêtements et des accessoires qui vont partout, du quotidien aux sorties, et une marque qui
              reste fidèle à ses racines tout en regardant loin.
            </p>
          </div>
          <div className={styles.actions}>
            <ButtonLink to="/products">Découvrir nos produits</ButtonLink>
            <ButtonLink to="/contact" variant="secondary">Nous contacter</ButtonLink>
          </div>
        </section>
      </div>
    </>
  )
}
