// What the customer wrote on WhatsApp about an order, on its admin screen,
// with the way to their conversation to answer.
import { Link } from 'react-router'
import { formatDate } from '@/lib/format'
import { adminErrorMessage } from '../../common/admin-error'
import { useOrderWhatsApp } from '../api/conversations'
import { conversationPath } from './conversations-page'
import own from './conversations.module.css'

export const ORDER_WHATSAPP_FAILED = 'Erreur lors du chargement des messages WhatsApp du client'

export function OrderWhatsApp({ orderId, phone }: { orderId: string; phone: string }) {
  const received = useOrderWhatsApp(orderId)
  if (received.isPending || (received.isSuccess && received.data.length === 0)) return null
  return (
    <section aria-labelledby="order-whatsapp-title">
      <h2 id="order-whatsapp-title">WhatsApp du client</h2>
      {received.isError ? (
        <p role="alert">{adminErrorMessage(received.error, ORDER_WHATSAPP_FAILED)}</p>
      ) : (
        <>
          <ol className={own.thread}>
            {received.data.map((r) => (
              <li key={r.id} className={`${own.bubble} ${own.in}`}>
                {r.text}
                <span className={own.when}>{formatDate(r.sentAt, { withTime: true })}</span>
              </li>
            ))}
          </ol>
          <p><Link to={conversationPath(phone)}>Répondre dans la conversation</Link></p>
        </>
      )}
    </section>
  )
}
