// A search that found nothing: the whole catalogue, or the shop on WhatsApp
// with what was searched. Its own chunk (product-listing.tsx loads it lazily).
import { ButtonAnchor, ButtonLink } from '@/components/ui/button'
import { shop } from '@/lib/shop'
import { whatsAppUrl } from '@/lib/whatsapp'
import styles from './search-help.module.css'

/** What a shopper who found nothing sends the shop on WhatsApp. */
export const searchHelpMessage = (search: string) =>
  `Bonjour ${shop.name}, je cherche « ${search} » et je ne le trouve pas sur le site. Pouvez-vous m’aider ?`

export default function SearchHelp({ search }: { search: string }) {
  return (
    <>
      <p>Vous ne trouvez pas ? Parcourez le catalogue ou écrivez-nous : nous vous aidons.</p>
      <p className={styles.actions}>
        <ButtonLink to="/products" variant="secondary">Voir tout le catalogue</ButtonLink>
        <ButtonAnchor href={whatsAppUrl(searchHelpMessage(search))} target="_blank" rel="noopener noreferrer" variant="secondary">
          Nous demander sur WhatsApp
        </ButtonAnchor>
      </p>
    </>
  )
}
