// /delivery (docs/rules.md#delivery): the zones with their communes, fees and
// delays (the server's), pickup in shop, elsewhere on quote.
import { Link } from 'react-router'
import { ButtonLink } from '@/components/ui/button'
import { DEFECT_REPORT_DELAY } from '@/config/policies'
import { shop } from '@/lib/shop'
import { DeliveryRates } from './delivery-rates'
import { PageHero } from './page-hero'
import styles from './info-page.module.css'

export function DeliveryPage() {
  return (
    <>
      <PageHero
        kicker="Livraison"
        title="Livraison et retrait en boutique"
        lead="Livraison dans toute la région de Dakar et les capitales régionales, ou retrait gratuit en boutique. Vous réglez par Wave ou à la livraison."
      />

      <div className={`container ${styles.body}`}>
        <section className={styles.section} aria-labelledby="delivery-rates">
          <h2 id="delivery-rates" className={styles.sectionTitle}>Zones et tarifs</h2>
          <p className={styles.sectionLead}>
            Les frais ci-dessous sont ceux appliqués à votre commande : vous les voyez avant de la valider.
          </p>
          <DeliveryRates />
        </section>

        <section className={styles.section} aria-labelledby="delivery-delays">
          <h2 id="delivery-delays" className={styles.sectionTitle}>Délais</h2>
          <div className={styles.prose}>
            <p>
              Chaque zone a son délai, indiqué ci-dessus, compté à partir de la confirmation de votre commande. Nous
              préparons les commandes du lundi au samedi.
            </p>
            <p>
              Une commande payée par Wave est confirmée dès que Wave nous confirme le paiement. Pour un paiement à la
              livraison, nous vous appelons d’abord pour confirmer la commande et l’adresse.
            </p>
          </div>
        </section>

        <section className={styles.section} aria-labelledby="delivery-steps">
          <h2 id="delivery-steps" className={styles.sectionTitle}>Comment se passe la livraison</h2>
          <ol className={styles.steps}>
            <li>
              <strong>Vous commandez</strong>
              <span>Vous choisissez le mode de livraison et le paiement : Wave ou à la livraison.</span>
            </li>
            <li>
              <strong>Nous vous appelons</strong>
              <span>Il n’y a pas de suivi de colis en ligne : notre équipe vous contacte au numéro indiqué pour convenir du moment de la livraison.</span>
            </li>
            <li>
              <strong>Vous recevez votre colis</strong>
              <span>En paiement à la livraison, vous réglez à la remise du colis, en espèces.</span>
            </li>
            <li>
              <strong>Vous vérifiez vos articles</strong>
              <span>
                Un article défectueux ou qui ne correspond pas à votre commande ? Signalez-le-nous dans les {DEFECT_REPORT_DELAY}{' '}
                (voir <Link to="/returns">Retours et remboursements</Link>).
              </span>
            </li>
          </ol>
        </section>

        <section className={styles.section} aria-labelledby="delivery-pickup">
          <h2 id="delivery-pickup" className={styles.sectionTitle}>Retrait en boutique</h2>
          <div className={styles.prose}>
            <p>Gratuit, à notre boutique :</p>
            <ul>
              <li><strong>Adresse</strong> — {shop.address}</li>
              <li><strong>Horaires</strong> — {shop.hours}</li>
            </ul>
            <p>
              Choisissez « Retrait en boutique » au moment de la commande. Nous vous prévenons quand votre commande est prête ;
              munissez-vous de votre numéro de commande (ORD-…).
            </p>
          </div>
        </section>

        <section className={styles.section} aria-labelledby="delivery-quote">
          <h2 id="delivery-quote" className={styles.sectionTitle}>Ailleurs au Sénégal et à l’étranger</h2>
          <div className={styles.prose}>
            <p>
              Votre commune n’est pas dans nos zones ? La livraison se fait sur devis. Écrivez-nous avec votre adresse et
              les articles qui vous intéressent : nous vous indiquons les frais et le délai avant toute commande.
            </p>
            <div className={styles.actions}>
              <ButtonLink to="/contact">Demander un devis</ButtonLink>
              <ButtonLink to="/returns" variant="secondary">Retours et remboursements</ButtonLink>
            </div>
          </div>
        </section>
      </div>
    </>
  )
}
