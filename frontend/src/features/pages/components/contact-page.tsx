// /contact: hero, three quick options, the FAQ (one answer open
// at a time), and the call to action. Contact data: the shop settings.
import { useRef } from 'react'
import { Link } from 'react-router'
import { Button, ButtonAnchor } from '@/components/ui/button'
import { MailIcon, MapPinIcon, PhoneIcon, WhatsAppIcon } from '@/components/ui/icons'
import { DEFECT_REPORT_DELAY, RETURNS_WINDOW, SUPPORT_REPLY_DELAY } from '@/config/policies'
import { emailHref, phoneHref, shop } from '@/lib/shop'
import { whatsAppUrl } from '@/lib/whatsapp'
import { DeliveryFeesSummary } from './delivery-rates'
import { Faq, type FaqItem } from './faq'
import { PageHero } from './page-hero'
import styles from './info-page.module.css'
import contact from './contact-page.module.css'

export const CONTACT_WHATSAPP_MESSAGE = `Bonjour ${shop.name}, j'ai une question : `

const whatsappLink = whatsAppUrl(CONTACT_WHATSAPP_MESSAGE)

export const CONTACT_FAQ: readonly FaqItem[] = [
  {
    question: 'Quels sont les délais et les zones de livraison ?',
    answer: (
      <>
        <p>
          Nous livrons toute la région de Dakar et les capitales régionales. Le délai dépend de la zone de votre commune, à
          compter de la confirmation de votre commande : il est indiqué sur la page <Link to="/delivery">Livraison</Link>{' '}
          et avant la validation de votre commande.
        </p>
        <p>
          Ailleurs au Sénégal et à l’étranger, nous vous proposons un devis ; le retrait en boutique est toujours gratuit.
        </p>
      </>
    ),
  },
  {
    question: 'Combien coûte la livraison ?',
    answer: <DeliveryFeesSummary />,
  },
  {
    question: 'Quels moyens de paiement acceptez-vous ?',
    answer: (
      <>
        <p>Deux moyens, au choix au moment de la commande :</p>
        <ul>
          <li><strong>Wave</strong> : vous payez en ligne, de façon sécurisée, sur la page de paiement Wave.</li>
          <li><strong>Paiement à la livraison</strong> : vous réglez en espèces à la réception de votre colis. Nous vous appelons avant pour confirmer la commande.</li>
        </ul>
      </>
    ),
  },
  {
    question: 'Puis-je retourner ou échanger un article ?',
    answer: (
      <>
        <p>
          Oui : vous avez {RETURNS_WINDOW} après la réception pour nous retourner un article non porté, non lavé et avec ses
          étiquettes. Un article défectueux ou qui ne correspond pas à votre commande doit nous être signalé dans les{' '}
          {DEFECT_REPORT_DELAY}.
        </p>
        <p>
          Nous ne faisons pas d’échange direct : l’article est remboursé et vous commandez la bonne taille ou la bonne
          couleur. Conditions complètes sur la page <Link to="/returns">Retours et remboursements</Link>.
        </p>
      </>
    ),
  },
  {
    question: 'Comment choisir ma taille et entretenir mes articles ?',
    answer: (
      <>
        <p>
          Chaque fiche produit indique les tailles disponibles, du S au XXL selon les modèles. Entre deux tailles ?
          Écrivez-nous sur WhatsApp avec la taille que vous portez d’habitude : nous vous conseillons avant l’achat.
        </p>
        <p>
          Pour l’entretien, suivez l’étiquette de chaque vêtement. En général : lavage à 30 °C sur l’envers, pas de sèche-linge,
          repassage sur l’envers pour préserver les impressions. Gardez chaînes et lunettes au sec, à l’abri du parfum et
          de l’eau de mer.
        </p>
      </>
    ),
  },
  {
    question: 'Comment suivre ma commande ?',
    answer: (
      <>
        <p>
          Il n’y a pas de suivi de colis en ligne : après votre commande, notre équipe vous appelle pour confirmer
          l’adresse et convenir du moment de la livraison.
        </p>
        <p>
          L’état de votre commande (en attente, en traitement, expédiée, livrée) est visible dans votre espace client,
          rubrique Mes commandes. Une question ? Appelez-nous au <a href={phoneHref}>{shop.phone}</a> avec votre numéro
          de commande (ORD-…).
        </p>
      </>
    ),
  },
]

export function ContactPage() {
  const emailLink = useRef<HTMLAnchorElement>(null)

  /** 'Contacter par email': back to the top, where the e-mail option is, and focus on it. */
  function backToEmail() {
    const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
    window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' })
    emailLink.current?.focus({ preventScroll: true })
  }

  return (
    <>
      <PageHero
        kicker="Contact"
        title="Contactez-nous"
        lead={`Une question sur un article, une taille ou une commande ? L’équipe ${shop.name} est là pour vous aider, avant comme après votre achat.`}
      />

      <div className={`container ${styles.body} ${contact.body}`}>
        <section className={styles.section} aria-labelledby="contact-options">
          <h2 id="contact-options" className={styles.sectionTitle}>Écrivez-nous ou appelez-nous</h2>
          <ul className={`${styles.cards} ${styles.cards3}`}>
            <li className={styles.card}>
              <span className={styles.cardIcon}><WhatsAppIcon size={22} /></span>
              <h3>WhatsApp</h3>
              <p className={styles.muted}>Le plus rapide : réponse en {SUPPORT_REPLY_DELAY} pendant nos heures d’ouverture.</p>
              <a className={styles.cardLink} href={whatsappLink} target="_blank" rel="noopener noreferrer">
                Écrire sur WhatsApp
              </a>
            </li>
            <li className={styles.card}>
              <span className={styles.cardIcon}><PhoneIcon size={22} /></span>
              <h3>Téléphone</h3>
              <p className={styles.muted}>{shop.hours}</p>
              <a className={styles.cardLink} href={phoneHref}>{shop.phone}</a>
            </li>
            <li className={styles.card}>
              <span className={styles.cardIcon}><MailIcon size={22} /></span>
              <h3>Email</h3>
              <p className={styles.muted}>Pour les demandes détaillées, photos à l’appui.</p>
              <a ref={emailLink} className={styles.cardLink} href={emailHref}>{shop.email}</a>
            </li>
          </ul>
          <p className={contact.address}>
            <MapPinIcon size={20} />
            <span>
              Notre boutique : {shop.address}
              <br />
              {shop.hours}
            </span>
          </p>
        </section>

        <section className={`${styles.section} ${contact.faq}`} aria-labelledby="contact-faq">
          <h2 id="contact-faq" className={styles.sectionTitle}>Questions fréquentes</h2>
          <Faq items={CONTACT_FAQ} />
        </section>
      </div>

      <div className={`container ${contact.ctaWrap}`}>
        <section className={contact.cta} aria-labelledby="contact-cta">
          <h2 id="contact-cta" className={contact.ctaTitle}>Vous n’avez pas trouvé votre réponse ?</h2>
          <p className={contact.ctaText}>Écrivez-nous : une vraie personne de l’équipe vous répond.</p>
          <div className={styles.actions}>
            <ButtonAnchor variant="light" href={whatsappLink} target="_blank" rel="noopener noreferrer">
              <WhatsAppIcon size={20} /> Écrire sur WhatsApp
            </ButtonAnchor>
            <Button variant="secondary" className={contact.onDark} onClick={backToEmail}>
              <MailIcon size={20} /> Contacter par email
            </Button>
          </div>
        </section>
      </div>
    </>
  )
}
