import { ForgotPasswordPage } from '@/features/auth/components/forgot-password-page'
import { usePageMeta } from '@/lib/seo'
import { shop } from '@/lib/shop'

/** /forgot-password: help from support on WhatsApp (docs/rules.md#accounts). */
export default function ForgotPasswordRoute() {
  usePageMeta({
    title: 'Mot de passe oublié',
    description: `Mot de passe oublié ? L’équipe ${shop.name} vous aide à retrouver l’accès à votre compte sur WhatsApp.`,
    noindex: true,
  })
  return <ForgotPasswordPage />
}
