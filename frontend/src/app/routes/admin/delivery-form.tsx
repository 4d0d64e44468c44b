import { useParams } from 'react-router'
import { ZoneFormPage } from '@/features/admin/delivery/components/zone-form-page'

/** /admin/delivery/new and /admin/delivery/edit/:code. */
export default function AdminDeliveryFormRoute() {
  const { code } = useParams()
  return <ZoneFormPage key={code ?? 'new'} code={code} />
}
