// What Meta reported of a WhatsApp message, as WhatsApp itself shows it: one
// tick sent, two delivered, two blue read; a failure with Meta's error.
import own from './messages.module.css'
import type { AdminMessage } from '../api/messages'

const TICKS: Record<string, string> = { sent: '✓', delivered: '✓✓', read: '✓✓', failed: '✕' }
const COLOURS: Record<string, string | undefined> = { read: own.readTicks, failed: own.failedTicks }

export function DeliveryTicks({ delivery }: { delivery: AdminMessage['delivery'] }) {
  if (!delivery) return null
  return (
    <span className={`${own.ticks} ${COLOURS[delivery.state] ?? ''}`} data-delivery={delivery.state}>
      <span aria-hidden="true">{TICKS[delivery.state] ?? ''} </span>
      {delivery.label}
      {delivery.error ? ` : ${delivery.error}` : ''}
    </span>
  )
}
