import { NotFound } from '@/features/pages/components/not-found'
import { usePageMeta } from '@/lib/seo'

export default function NotFoundRoute() {
  usePageMeta({
    title: 'Page introuvable',
    description: 'Cette page n’existe pas. Retrouvez nos t-shirts, pulls, lunettes et chaînes.',
    noindex: true,
  })
  return <NotFound />
}
