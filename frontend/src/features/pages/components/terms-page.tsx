// /terms: legal notice and general terms of sale, consistent with checkout
// (Wave or cash on delivery), the delivery page and the one returns window.
import { Link } from 'react-router'
import { DEFECT_REPORT_DELAY, LEGAL, REFUND_DELAY, RETURNS_WINDOW, WAVE_PAYMENT_WINDOW } from '@/config/policies'
import { formatPrice } from '@/lib/format'
import { emailHref, phoneHref, shop } from '@/lib/shop'
import { PageHero } from './page-hero'
import styles from './info-page.module.css'

export function TermsPage() {
  return (
    <>
      <PageHero
        kicker="Informations légales"
        title="Conditions générales de vente"
        lead={`Les règles qui s’appliquent à vos commandes sur la boutique en ligne ${shop.name}.`}
        updatedAt={LEGAL.updatedAt}
      />

      <div className={`container ${styles.body}`}>
        <section className={styles.callout} aria-labelledby="legal-notice">
          <h2 id="legal-notice" className={styles.noticeTitle}>Mentions légales</h2>
          <p>{shop.name}</p>
          <p>
            Capital social : <span className={styles.nowrap}>{formatPrice(LEGAL.capital)}</span>
          </p>
          <p>Siège : {shop.address}</p>
          {shop.legalId ? <p>{shop.legalId}</p> : null}
          <p>
            Contact : <a href={emailHref}>{shop.email}</a> · <a href={phoneHref}>{shop.phone}</a>
          </p>
        </section>

        <div className={styles.prose}>
          <h2>1. Objet</h2>
          <p>
            Les présentes conditions générales de vente (CGV) s’appliquent à toute commande passée sur la boutique en ligne
            de {shop.name}. Valider une commande vaut acceptation de ces conditions. Nous pouvons les modifier : la version
            applicable est celle en vigueur le jour de votre commande.
          </p>

          <h2>2. Produits</h2>
          <p>
            Nous vendons des vêtements (t-shirts, pulls) et des accessoires (lunettes, chaînes). Nous décrivons et
            photographions nos articles le plus fidèlement possible ; les couleurs peuvent légèrement varier selon votre
            écran. Nos offres valent dans la limite des stocks disponibles : le stock de chaque taille et de chaque couleur
            est vérifié au moment de la commande.
          </p>

          <h2>3. Prix</h2>
          <p>
            Les prix sont indiqués en francs CFA (FCFA), toutes taxes comprises (TTC), hors frais de livraison. Les frais de
            livraison dépendent du mode choisi ; ils sont détaillés sur la page <Link to="/delivery">Livraison</Link> et
            affichés avant la validation de la commande. Le prix appliqué est celui affiché au moment de la validation,
            promotions en cours comprises.
          </p>

          <h2>4. Commande</h2>
          <p>
            Pour commander, vous devez disposer d’un compte client. Vous choisissez vos articles (taille, couleur,
            quantité), indiquez votre adresse et votre téléphone, choisissez le mode de livraison et le moyen de paiement,
            vérifiez le récapitulatif puis validez. Chaque commande reçoit un numéro (ORD-…) et les articles vous sont
            réservés dès sa validation.
          </p>
          <p>
            Vous pouvez annuler une commande tant qu’elle est « En attente », depuis votre espace client ou en nous
            contactant. Nous pouvons annuler une commande en cas d’article devenu indisponible, d’adresse impossible à
            livrer ou de commande manifestement anormale : vous en êtes prévenu et, si vous avez déjà payé, intégralement
            remboursé.
          </p>

          <h2>5. Paiement</h2>
          <p>Deux moyens de paiement sont acceptés :</p>
          <ul>
            <li>
              <strong>Wave</strong> : vous payez en ligne sur la page sécurisée de Wave au moment de la commande. La
              commande est payée lorsque Wave nous confirme le paiement. Une commande Wave qui n’est pas payée dans les{' '}
              {WAVE_PAYMENT_WINDOW} est annulée et ses articles sont remis en vente.
            </li>
            <li>
              <strong>Paiement à la livraison</strong> : vous réglez en espèces à la remise de votre colis, ou à la boutique
              si vous avez choisi le retrait. Nous vous appelons pour confirmer la commande avant de la préparer.
            </li>
          </ul>
          <p>
            Aucun autre moyen de paiement n’est accepté : méfiez-vous de toute demande de paiement faite en notre nom par un
            autre moyen.
          </p>

          <h2>6. Livraison</h2>
          <p>
            Nous livrons dans les communes des zones de la page <Link to="/delivery">Livraison</Link>, aux frais et dans le
            délai de la zone de votre commune, comptés à partir de la confirmation de la commande. Ailleurs et à
            l’international, la livraison se fait sur devis, accepté par vous avant la commande. Le retrait en boutique est
            gratuit ({shop.hours}).
          </p>
          <p>
            Si nous ne pouvons pas respecter le délai annoncé, nous vous prévenons : vous pouvez alors annuler la commande et
            être remboursé intégralement. Vérifiez votre colis à la réception et signalez-nous tout problème dans les{' '}
            {DEFECT_REPORT_DELAY}.
          </p>

          <h2>7. Retours et remboursements</h2>
          <p>
            Vous disposez de {RETURNS_WINDOW} après la réception pour nous retourner un article neuf, non porté, non lavé et
            avec ses étiquettes. Un article défectueux ou erroné doit être signalé dans les {DEFECT_REPORT_DELAY}. Les frais
            de retour sont à votre charge, sauf article défectueux ou erroné. Nous ne faisons pas d’échange direct. Les
            articles intimes et personnalisés ne sont pas repris. Le remboursement est fait sous {REFUND_DELAY} après
            réception de l’article retourné, par Wave ou en espèces selon le paiement d’origine. Le détail figure sur la
            page <Link to="/returns">Retours et remboursements</Link>.
          </p>

          <h2>8. Responsabilité</h2>
          <p>
            Nous sommes responsables de la bonne exécution de votre commande. Notre responsabilité ne peut pas être engagée
            en cas d’usage ou d’entretien non conforme des articles, de force majeure, ou de fait d’un tiers (par exemple
            une interruption du service Wave). Le site peut être momentanément indisponible, notamment pour maintenance.
          </p>

          <h2>9. Propriété intellectuelle</h2>
          <p>
            Les créations, le nom, les logos, les photos et les textes du site appartiennent à {shop.name}. Toute
            reproduction sans notre accord écrit est interdite.
          </p>

          <h2>10. Données personnelles</h2>
          <p>
            Les données nécessaires à vos commandes sont traitées comme l’explique notre{' '}
            <Link to="/privacy">politique de confidentialité</Link>.
          </p>

          <h2>11. Droit applicable et litiges</h2>
          <p>
            Les présentes conditions sont soumises au droit sénégalais. En cas de difficulté, contactez-nous d’abord à{' '}
            <a href={emailHref}>{shop.email}</a> : nous chercherons avec vous une solution amiable. À défaut, le litige
            sera porté devant les juridictions compétentes de Dakar.
          </p>
        </div>
      </div>
    </>
  )
}
