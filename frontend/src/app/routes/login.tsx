import { useLocation } from 'react-router'
import { AuthPage, authTabOf } from '@/features/auth/components/auth-page'
import { usePageMeta } from '@/lib/seo'
import { shop } from '@/lib/shop'

/** /login and /register (the Inscription tab). */
export default function LoginRoute() {
  const { pathname } = useLocation()
  const register = authTabOf(pathname) === 'register'
  usePageMeta({
    title: register ? 'Inscription' : 'Connexion',
    description: register
      ? `Créez votre compte ${shop.name} pour commander plus vite et suivre vos commandes.`
      : `Connectez-vous à votre compte ${shop.name} : commandes, adresses et informations personnelles.`,
    canonicalPath: register ? '/register' : '/login',
    noindex: true,
  })
  return <AuthPage />
}
