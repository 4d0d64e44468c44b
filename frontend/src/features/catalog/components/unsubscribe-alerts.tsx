// /alerts/unsubscribe/{token}: the link at the foot of a back-in-stock
// message. Nothing happens on opening it (mail scanners open links too): the
// shopper confirms with one tap.
import { Button, ButtonLink } from '@/components/ui/button'
import { errorMessage } from '@/lib/api-client'
import { useUnsubscribeAlerts } from '../api/unsubscribe-alerts'

export const UNSUBSCRIBE_TITLE = 'Alertes de retour en stock'

export function UnsubscribeAlerts({ token }: { token: string }) {
  const unsubscribe = useUnsubscribeAlerts()
  return (
    <section aria-labelledby="unsubscribe-title" style={{ padding: '2rem 0', display: 'grid', gap: '1rem', maxWidth: '36rem' }}>
      <h1 id="unsubscribe-title">{UNSUBSCRIBE_TITLE}</h1>
      {unsubscribe.isSuccess ? (
        <>
          <p role="status">{unsubscribe.data}</p>
          <div><ButtonLink to="/products">Voir la boutique</ButtonLink></div>
        </>
      ) : (
        <>
          <p>Vous ne voulez plus être prévenu quand un article revient en stock ?</p>
          {unsubscribe.isError ? <p role="alert">{errorMessage(unsubscribe.error)}</p> : null}
          <div>
            <Button onClick={() => unsubscribe.mutate(token)} disabled={unsubscribe.isPending}>
              {unsubscribe.isPending ? 'Envoi…' : 'Ne plus recevoir ces alertes'}
            </Button>
          </div>
        </>
      )}
    </section>
  )
}
