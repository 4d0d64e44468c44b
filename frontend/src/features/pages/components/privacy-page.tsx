// /privacy: what the shop really stores (accounts, orders, newsletter,
// support requests, security logs) and the rights of Senegalese law.
import { Link } from 'react-router'
import { LEGAL } from '@/config/policies'
import { emailHref, phoneHref, shop } from '@/lib/shop'
import { PageHero } from './page-hero'
import styles from './info-page.module.css'

export function PrivacyPage() {
  return (
    <>
      <PageHero
        kicker="Informations légales"
        title="Politique de confidentialité"
        lead={`Quelles données ${shop.name} collecte, pourquoi, combien de temps, et comment exercer vos droits.`}
        updatedAt={LEGAL.updatedAt}
      />

      <div className={`container ${styles.body}`}>
        <div className={styles.prose}>
          <h2>1. Qui est responsable de vos données</h2>
          <p>
            Le site et la boutique en ligne sont édités par {shop.name}, {shop.address}, responsable du traitement de vos
            données personnelles. Pour toute question : <a href={emailHref}>{shop.email}</a> ou{' '}
            <a href={phoneHref}>{shop.phone}</a>.
          </p>

          <h2>2. Les données que nous collectons</h2>
          <ul>
            <li>
              <strong>Votre compte client</strong> : prénom, nom, adresse email, téléphone et, si vous les enregistrez, vos
              adresses de livraison. Votre mot de passe est conservé sous une forme chiffrée que personne, pas même notre
              équipe, ne peut relire.
            </li>
            <li>
              <strong>Vos commandes</strong> : articles, montants, adresse et téléphone de livraison, mode de livraison,
              moyen de paiement choisi et état du paiement.
            </li>
            <li>
              <strong>Les paiements Wave</strong> : vous payez sur la page de Wave. Nous ne recevons ni votre code secret ni
              les données de votre compte Wave, seulement la confirmation du paiement et sa référence.
            </li>
            <li>
              <strong>La newsletter</strong> : votre adresse email, si vous vous inscrivez.
            </li>
            <li>
              <strong>Vos échanges avec notre service client</strong> : les messages envoyés par WhatsApp, email ou
              téléphone, et les demandes d’aide pour un mot de passe oublié (adresse email et date de la demande).
            </li>
            <li>
              <strong>Des données techniques</strong> : adresse IP et journaux de connexion, utilisés pour la sécurité du
              site (par exemple pour limiter les tentatives de connexion répétées).
            </li>
          </ul>

          <h2>3. Pourquoi nous les utilisons</h2>
          <ul>
            <li>préparer, livrer et suivre vos commandes, et vous appeler pour les confirmer ;</li>
            <li>gérer votre compte et votre historique de commandes ;</li>
            <li>répondre à vos questions et traiter vos retours et remboursements ;</li>
            <li>vous envoyer la newsletter, uniquement si vous l’avez demandée ;</li>
            <li>protéger le site et nos clients contre la fraude et les abus ;</li>
            <li>respecter nos obligations légales, notamment comptables.</li>
          </ul>
          <p>Nous ne vendons ni ne louons vos données, et nous ne faisons pas de publicité ciblée.</p>

          <h2>4. Qui peut y accéder</h2>
          <ul>
            <li>l’équipe {shop.name}, chacun pour ce qui le concerne (commandes, livraison, service client) ;</li>
            <li>la personne qui vous livre : vos nom, téléphone et adresse de livraison ;</li>
            <li>Wave, pour les paiements faits par Wave, selon ses propres conditions ;</li>
            <li>nos prestataires techniques (hébergement du site), tenus à la confidentialité ;</li>
            <li>les autorités, lorsque la loi nous y oblige.</li>
          </ul>

          <h2>5. Combien de temps nous les gardons</h2>
          <ul>
            <li>compte client : tant qu’il est ouvert ; vous pouvez demander sa suppression à tout moment ;</li>
            <li>commandes et pièces comptables : pendant la durée imposée par nos obligations comptables (dix ans) ;</li>
            <li>newsletter : jusqu’à votre désinscription ;</li>
            <li>échanges avec le service client : le temps de traiter votre demande et d’en assurer le suivi ;</li>
            <li>journaux techniques : pour une durée limitée, le temps nécessaire à la sécurité du site.</li>
          </ul>

          <h2>6. Cookies et stockage dans votre navigateur</h2>
          <p>
            Le site n’utilise ni cookie publicitaire ni outil de mesure d’audience. Il enregistre dans votre navigateur
            (stockage local) votre panier et, quand vous êtes connecté, votre session. Ces informations sont nécessaires au
            fonctionnement du site ; la session est effacée à la déconnexion, et vous pouvez tout effacer depuis les
            réglages de votre navigateur.
          </p>

          <h2>7. Sécurité</h2>
          <p>
            Mots de passe chiffrés, accès aux données réservé aux membres habilités de l’équipe, tentatives de connexion
            limitées : nous prenons des mesures raisonnables pour protéger vos données. Ne communiquez jamais votre mot de
            passe, y compris à notre équipe : nous ne vous le demanderons pas.
          </p>

          <h2>8. Vos droits</h2>
          <p>
            Conformément à la loi sénégalaise n° 2008-12 du 25 janvier 2008 sur la protection des données à caractère
            personnel, vous pouvez accéder à vos données, les faire rectifier ou supprimer, et vous opposer à leur
            utilisation, notamment pour la newsletter. Vous modifiez vous-même vos informations dans votre{' '}
            <Link to="/account">espace client</Link> ; pour le reste, écrivez-nous à <a href={emailHref}>{shop.email}</a>.
            Nous pourrons vous demander de confirmer votre identité avant de répondre.
          </p>
          <p>
            Vous pouvez aussi saisir la Commission de Protection des Données Personnelles (CDP) du Sénégal.
          </p>

          <h2>9. Modifications</h2>
          <p>
            Nous pouvons mettre à jour cette politique, par exemple si le site évolue. La date de la dernière mise à jour
            figure en haut de cette page. Voir aussi nos <Link to="/terms">conditions générales de vente</Link>.
          </p>
        </div>
      </div>
    </>
  )
}
