// /confirm/{token}: the page of the link the shop sends on WhatsApp
// (docs/rules.md#cash-on-delivery). The customer confirms with one tap, without
// logging in; the link serves once. Nothing is confirmed by merely opening it:
// link previews and scanners open pages too.
import { Button, ButtonLink } from '@/components/ui/button'
import { PageSpinner } from '@/components/ui/spinner'
import { isApiError } from '@/lib/api-client'
import { useConfirmWithLink, useLinkState } from '../api/confirm-order'
import styles from './order-detail.module.css'

export const CONFIRM_TITLE = 'Confirmer votre commande'
export const CONFIRMED_TITLE = 'Commande confirmée'
export const CONFIRM_LINK_FAILED = 'La confirmation a échoué. Veuillez réessayer.'
export const NOT_CONFIRMABLE = 'Cette commande ne peut plus être confirmée.'

export function ConfirmByLink({ token }: { token: string }) {
  const confirm = useConfirmWithLink()
  const link = useLinkState(token)
  if (confirm.isSuccess) return <Confirmed orderNumber={confirm.data.orderNumber} />
  if (link.isPending) return <PageSpinner label="Chargement de votre commande…" />
  // Confirmed already (the shop's call, another tap): said, not asked again.
  if (link.data?.confirmation === 'confirmed') return <Confirmed orderNumber={link.data.orderNumber} already />
  // A refusal of the server (a link already used, an order already confirmed or no longer
  // pending, a link that is no link) is said in its own words.
  const refused = confirm.error ?? link.error
  const refusal = isApiError(refused) && refused.status < 500 ? refused.message : link.data?.confirmable === false ? NOT_CONFIRMABLE : null
  return (
    <section className={styles.state} aria-labelledby="confirm-title">
      <h1 id="confirm-title" className={styles.stateTitle}>{CONFIRM_TITLE}</h1>
      {refusal ? (
        <p role="alert">{refusal}</p>
      ) : (
        <>
          <p>Vous avez commandé avec paiement à la livraison. Confirmez votre commande pour que nous la préparions.</p>
          {confirm.isError ? <p role="alert">{CONFIRM_LINK_FAILED}</p> : null}
          <div className={styles.stateActions}>
            <Button onClick={() => confirm.mutate(token)} disabled={confirm.isPending}>
              {confirm.isPending ? 'Confirmation…' : 'Confirmer ma commande'}
            </Button>
          </div>
        </>
      )}
    </section>
  )
}

function Confirmed({ orderNumber, already = false }: { orderNumber: string; already?: boolean }) {
  return (
    <section className={styles.state} aria-labelledby="confirm-title">
      <h1 id="confirm-title" className={styles.stateTitle}>{CONFIRMED_TITLE}</h1>
      <p>
        Merci ! Votre commande <span className="nowrap">{orderNumber}</span> {already ? 'est déjà confirmée' : 'est confirmée'} : nous la
        préparons et le livreur vous appellera.
      </p>
      <div className={styles.stateActions}>
        <ButtonLink to="/products">Continuer mes achats</ButtonLink>
      </div>
    </section>
  )
}
