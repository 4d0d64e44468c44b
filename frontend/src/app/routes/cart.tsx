import { useSession } from '@/features/auth/session-store'
import { CART_PAGE_TITLE, CartPage } from '@/features/cart/components/cart-page'
import { usePageMeta } from '@/lib/seo'
import { useDefaultCommune } from '../use-default-commune'

/** /cart (public): the guest's or the customer's cart. */
export default function CartRoute() {
  usePageMeta({ title: CART_PAGE_TITLE, canonicalPath: '/cart', noindex: true })
  const loggedIn = Boolean(useSession().user)
  return <CartPage defaultCommune={useDefaultCommune()} loggedIn={loggedIn} />
}
