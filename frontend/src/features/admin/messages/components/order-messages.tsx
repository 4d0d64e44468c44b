// An order's messages on its admin screen: when, to whom, state, attempts, last
// error, and « Renvoyer ».
import { adminErrorMessage } from '../../common/admin-error'
import { useOrderMessages } from '../api/messages'
import { MessageTable } from './message-table'

export const ORDER_MESSAGES_FAILED = 'Erreur lors du chargement des messages de la commande'

export function OrderMessages({ orderId }: { orderId: string }) {
  const messages = useOrderMessages(orderId)
  return (
    <section aria-labelledby="order-messages-title">
      <h2 id="order-messages-title">Messages</h2>
      {messages.isPending ? (
        <p>Chargement des messages…</p>
      ) : messages.isError ? (
        <p role="alert">{adminErrorMessage(messages.error, ORDER_MESSAGES_FAILED)}</p>
      ) : messages.data.length === 0 ? (
        <p>Aucun message pour cette commande.</p>
      ) : (
        <MessageTable messages={messages.data} caption="Messages de la commande" />
      )}
    </section>
  )
}
