// /returns: one returns window (docs/rules.md#returns), read from config/policies.
import { Link } from 'react-router'
import { DEFECT_REPORT_DELAY, LEGAL, REFUND_DELAY, RETURNS_WINDOW } from '@/config/policies'
import { emailHref, phoneHref, shop } from '@/lib/shop'
import { whatsAppUrl } from '@/lib/whatsapp'
import { PageHero } from './page-hero'
import styles from './info-page.module.css'

const returnMessage = whatsAppUrl(`Bonjour ${shop.name}, je souhaite retourner un article. Numéro de commande : `)

export function ReturnsPage() {
  return (
    <>
      <PageHero
        kicker="Aide"
        title="Retours et remboursements"
        lead={`Un article ne vous convient pas ? Vous avez ${RETURNS_WINDOW} après la réception pour nous le retourner.`}
        updatedAt={LEGAL.updatedAt}
      />

      <div className={`container ${styles.body}`}>
        <div className={styles.callout}>
          <p>
            <strong>En bref :</strong> retour possible dans les {RETURNS_WINDOW} suivant la réception ; défaut ou erreur à
            signaler dans les {DEFECT_REPORT_DELAY} ; remboursement sous {REFUND_DELAY} après réception de l’article retourné.
          </p>
        </div>

        <div className={styles.prose}>
          <h2>Délai de retour</h2>
          <p>
            Vous disposez de <strong>{RETURNS_WINDOW}</strong> à compter de la réception de votre commande (ou de son retrait
            en boutique) pour nous demander un retour, sans avoir à vous justifier.
          </p>

          <h2>Article défectueux ou erroné</h2>
          <p>
            Un article abîmé, défectueux ou différent de celui commandé (modèle, taille, couleur) doit nous être signalé dans
            les <strong>{DEFECT_REPORT_DELAY}</strong> suivant la réception, avec une photo de l’article et votre numéro de
            commande. Dans ce cas, les frais de retour sont à notre charge.
          </p>

          <h2>Conditions</h2>
          <ul>
            <li>L’article est neuf : non porté, non lavé, avec ses étiquettes et dans son emballage d’origine.</li>
            <li>Les articles intimes (comme les sous-vêtements), pour des raisons d’hygiène, ne sont ni repris ni échangés.</li>
            <li>Les articles personnalisés ou réalisés à votre demande ne sont pas repris.</li>
          </ul>

          <h2>Comment retourner un article</h2>
        </div>
        <ol className={styles.steps}>
          <li>
            <strong>Contactez-nous</strong>
            <span>
              Par <a href={returnMessage} target="_blank" rel="noopener noreferrer">WhatsApp</a>, par téléphone au{' '}
              <a href={phoneHref}>{shop.phone}</a> ou par email à <a href={emailHref}>{shop.email}</a>, avec votre numéro de
              commande (ORD-…), l’article concerné et le motif du retour.
            </span>
          </li>
          <li>
            <strong>Renvoyez l’article</strong>
            <span>Nous convenons ensemble de la façon de nous le rendre : dépôt à la boutique ou envoi à vos frais.</span>
          </li>
          <li>
            <strong>Nous vérifions l’article</strong>
            <span>Dès réception, nous contrôlons qu’il remplit les conditions ci-dessus et nous vous tenons informé.</span>
          </li>
          <li>
            <strong>Vous êtes remboursé</strong>
            <span>Sous {REFUND_DELAY} après la réception de l’article retourné.</span>
          </li>
        </ol>

        <div className={styles.prose}>
          <h2>Remboursement</h2>
          <p>Le remboursement est fait par le moyen de paiement utilisé pour la commande :</p>
          <ul>
            <li>commande payée par <strong>Wave</strong> : remboursement sur votre compte Wave ;</li>
            <li>commande <strong>payée à la livraison</strong> : remboursement en espèces.</li>
          </ul>
          <p>
            Les frais de livraison de la commande ne sont remboursés qu’en cas d’article défectueux ou d’erreur de notre part.
          </p>

          <h2>Frais de retour</h2>
          <p>
            Les frais de retour sont à votre charge, sauf si l’article est défectueux ou ne correspond pas à votre commande.
            Le dépôt à la boutique ({shop.address}) est gratuit.
          </p>

          <h2>Échanges</h2>
          <p>
            Nous ne faisons pas d’échange direct. Pour une autre taille ou une autre couleur, retournez l’article pour être
            remboursé et passez une nouvelle commande : l’article est réservé pour vous dès la validation de la commande.
          </p>

          <p>
            Ces règles font partie de nos <Link to="/terms">conditions générales de vente</Link>. Une question ?{' '}
            <Link to="/contact">Contactez-nous</Link>.
          </p>
        </div>
      </div>
    </>
  )
}
