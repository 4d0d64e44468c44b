import { PromoCodesPage } from '@/features/admin/promo/components/promo-codes-page'

/** /admin/promo-codes. */
export default function AdminPromoCodesRoute() {
  return <PromoCodesPage />
}
