// The information pages, one lazy chunk for all six: mostly text, they are
// small together, and a visitor reading one often opens another.
import { AboutPage } from '@/features/pages/components/about-page'
import { ContactPage } from '@/features/pages/components/contact-page'
import { DeliveryPage } from '@/features/pages/components/delivery-page'
import { PrivacyPage } from '@/features/pages/components/privacy-page'
import { ReturnsPage } from '@/features/pages/components/returns-page'
import { TermsPage } from '@/features/pages/components/terms-page'
import { RETURNS_WINDOW } from '@/config/policies'
import { usePageMeta } from '@/lib/seo'
import { shop } from '@/lib/shop'

export function ContactRoute() {
  usePageMeta({
    title: 'Contact',
    description: `Contactez ${shop.name} par WhatsApp, téléphone ou email. Réponses aux questions sur la livraison, le paiement Wave ou à la livraison, les retours et les tailles.`,
  })
  return <ContactPage />
}

export function AboutRoute() {
  usePageMeta({
    title: 'À propos',
    description: `${shop.name}, marque de mode urbaine née à Dakar en 2024 : notre histoire, notre mission, nos valeurs et notre vision créative.`,
  })
  return <AboutPage />
}

export function DeliveryRoute() {
  usePageMeta({
    title: 'Livraison',
    description: `Zones, tarifs et délais de livraison ${shop.name} à Dakar et environs, retrait gratuit en boutique du lundi au samedi, international sur devis.`,
  })
  return <DeliveryPage />
}

export function ReturnsRoute() {
  usePageMeta({
    title: 'Retours et remboursements',
    description: `Retours acceptés ${RETURNS_WINDOW} après réception, remboursement par Wave ou en espèces : conditions et démarche chez ${shop.name}.`,
  })
  return <ReturnsPage />
}

export function PrivacyRoute() {
  usePageMeta({
    title: 'Politique de confidentialité',
    description: `Les données personnelles que ${shop.name} collecte, pourquoi, combien de temps, et comment exercer vos droits.`,
  })
  return <PrivacyPage />
}

export function TermsRoute() {
  usePageMeta({
    title: 'Conditions générales de vente',
    description: `Conditions générales de vente de ${shop.name} : produits, prix en FCFA, commande, paiement Wave ou à la livraison, livraison, retours.`,
  })
  return <TermsPage />
}
