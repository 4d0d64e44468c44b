// The filters of /admin/orders live in the address (?status=pending&fromDate=…):
// the dashboard's "pending orders" card links straight to a filtered list.
import { isConfirmation, isOrderStatus, type Confirmation, type OrderStatus } from '@/config/orders'
import { isChannel, type Channel } from './channels'
import { listQueryOf, pageOf } from '../common/list-params'
import type { AdminOrdersQuery } from './api/get-orders'

export interface OrderFilters {
  page: number
  status: OrderStatus | ''
  /** Cash-on-delivery orders in one confirmation state, or `unconfirmed`: all those still to confirm. */
  confirmation: Confirmation | 'unconfirmed' | ''
  /** The channel the orders were taken on. */
  channel: Channel | ''
  fromDate: string
  toDate: string
  search: string
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** A real calendar day written YYYY-MM-DD (what `<input type="date">` gives), else ''. */
export function dayOf(value: string | null): string {
  if (!value || !DAY.test(value)) return ''
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : ''
}

/** What the address asks for; unknown values are ignored rather than sent. */
export function orderFiltersOf(params: URLSearchParams): OrderFilters {
  const status = params.get('status')
  const confirmation = params.get('confirmation')
  const channel = params.get('channel')
  return {
    page: pageOf(params),
    status: isOrderStatus(status) ? status : '',
    confirmation: isConfirmation(confirmation) || confirmation === 'unconfirmed' ? confirmation : '',
    channel: isChannel(channel) ? channel : '',
    fromDate: dayOf(params.get('fromDate')),
    toDate: dayOf(params.get('toDate')),
    search: params.get('search')?.trim() ?? '',
  }
}

/** GET /api/admin/orders parameters: 10 a page, newest first, empty filters left out. */
export const ordersQueryOf = (filters: OrderFilters): AdminOrdersQuery => listQueryOf(filters)

/** The date-range button is disabled while neither date is set. */
export const canFilterByDate = (fromDate: string, toDate: string) => fromDate !== '' || toDate !== ''
