import { CashPage } from '@/features/admin/cash/components/cash-page'

/** /admin/cash, « Caisse ». */
export default function AdminCashRoute() {
  return <CashPage />
}
