import { ZonesPage } from '@/features/admin/delivery/components/zones-page'

/** /admin/delivery. */
export default function AdminDeliveryRoute() {
  return <ZonesPage />
}
