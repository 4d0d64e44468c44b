// /checkout in three steps, Livraison, Paiement, Confirmation:
// the delivery form prefilled from the account, the payment method, then the
// recap and the order. The app route hands in the cart, the first values of
// the form and what to do once the order exists; the server prices the order.
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Link, Navigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { useConfirm } from '@/components/ui/confirm'
import { PageSpinner } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import { isApiError } from '@/lib/api-client'
import { formatPrice } from '@/lib/format'
import { rememberOrderUrl } from '@/lib/order-keys'
import { useZodForm } from '@/lib/form'
import { chooseCommune } from '@/lib/chosen-commune'
import { EXPRESS_SHIPPING, STANDARD_SHIPPING, findCommune, useDeliveryZones } from '@/lib/delivery-zones'
import { PROMO_REFUSALS, setAppliedPromoCode, useAppliedPromoCode, usePromoQuote } from '@/lib/promo-code'
import { usePlaceOrder } from '../api/place-order'
import type { Order } from '../api/order-schema'
import { clearCheckoutDraft, saveCheckoutDraft, withCheckoutDraft } from '../checkout-draft'
import {
  ADDRESS_NOT_KEPT,
  CHECKOUT_MESSAGES,
  DEFAULT_PAYMENT_METHOD,
  deliverySchema,
  deliverySummary,
  estimateOrder,
  idempotencyKeys,
  isPaymentMethod,
  orderFailureMessage,
  offersToKeepAddress,
  orderRequest,
  cashRefusal,
  paymentError,
  shippingLabel,
  type CheckoutLine,
  type BookAddress,
  type CheckoutStep,
  type DeliveryValues,
} from '../checkout-model'
import { CheckoutSteps } from './checkout-steps'
import { DeliveryStep } from './delivery-step'
import { OrderPlaced } from './order-placed'
import { OrderTotals } from './order-summary'
import { PaymentStep } from './payment-step'
import { ReviewStep } from './review-step'
import styles from './checkout.module.css'

export const CHECKOUT_TITLE = 'Commande'

export interface CheckoutCart {
  status: 'ready' | 'loading' | 'error'
  lines: CheckoutLine[]
  /** The cart's subtotal (the server's, for a customer). */
  subtotal: number
  refetch: () => void
}

/**
 * Starts the Wave payment of a placed order (the payments feature provides
 * it). Until it exists, Wave is shown but cannot be confirmed.
 */
export type PayWithWave = (order: Order) => Promise<void> | void

/**
 * The customer's address book, to keep the order's address in it (the account feature's,
 * composed by the app route).
 */
export interface AddressKeeping {
  /** Its addresses: one of them is not offered again. */
  addresses: BookAddress[]
  /** Adds the delivery's address to the book; a refusal is thrown (ApiError). */
  keep: (delivery: DeliveryValues) => Promise<unknown>
}

export interface CheckoutPageProps {
  cart: CheckoutCart
  /** The delivery form's first values (deliveryDefaults: profile, default address). */
  defaults: DeliveryValues
  /** The order exists: the server has taken its lines out of the cart (lines not ordered stay). */
  onPlaced?: (order: Order) => void
  payWithWave?: PayWithWave
  /** The customer's id: the form starts from their draft of this tab and keeps it while they type. */
  draftOwner?: string
  /** Without it (the book did not answer), nothing is offered to keep. */
  addressBook?: AddressKeeping
  /** A shopper with no session: the order is their phone's, followed from its own link. */
  guest?: boolean
}

export function CheckoutPage({ cart, defaults, onPlaced, payWithWave, draftOwner, addressBook, guest = false }: CheckoutPageProps) {
  const [step, setStep] = useState<CheckoutStep>('delivery')
  const [paymentMethod, setPaymentMethod] = useState<string>(DEFAULT_PAYMENT_METHOD)
  const [placed, setPlaced] = useState<Order | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  // Why the server refused the method chosen (cash on delivery no longer offered to this phone).
  const [paymentRefusal, setPaymentRefusal] = useState<string | null>(null)
  // Read once: the form owns its values from then on.
  const [initialValues] = useState(() => (draftOwner ? withCheckoutDraft(defaults, draftOwner) : defaults))
  // « Enregistrer cette adresse dans mon carnet »: ticked for a customer whose book is empty.
  const [keepAddress, setKeepAddress] = useState(() => addressBook?.addresses.length === 0)
  const form = useZodForm(deliverySchema, initialValues)
  const zones = useDeliveryZones()
  const place = usePlaceOrder()
  const toast = useToast()
  const ask = useConfirm()
  const promoCode = useAppliedPromoCode()
  const promo = usePromoQuote(promoCode, cart.subtotal, true)
  const keyFor = useRef(idempotencyKeys()).current
  const headingRef = useRef<HTMLHeadingElement>(null)
  const firstRender = useRef(true)

  useEffect(() => {
    if (draftOwner && !placed) saveCheckoutDraft(form.values, draftOwner)
  }, [form.values, draftOwner, placed])

  // A new step starts at its top, its title read out (phones: the button that moved us is at the bottom).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    window.scrollTo({ top: 0 })
    headingRef.current?.focus()
  }, [step, placed])

  if (placed) {
    return (
      <Frame>
        <CheckoutSteps current={null} />
        <OrderPlaced order={placed} headingRef={headingRef} guest={guest} />
      </Frame>
    )
  }
  if (cart.status === 'loading') return <Frame><PageSpinner label="Chargement du panier…" /></Frame>
  if (cart.status === 'error') {
    return (
      <Frame>
        <div className={styles.state} role="alert">
          <p>Erreur lors de la récupération du panier</p>
          <Button variant="secondary" onClick={cart.refetch}>Réessayer</Button>
        </div>
      </Frame>
    )
  }
  // An empty cart sends the shopper back to /cart.
  if (cart.lines.length === 0) return <Navigate to="/cart" replace />

  const destination = findCommune(zones.data ?? [], form.values.commune)
  const zone = destination?.zone ?? null
  const estimate = estimateOrder(cart.subtotal, form.values.shippingMethod, zone, promo.data?.discount ?? 0)
  const methodLabel = shippingLabel(form.values.shippingMethod)
  const waveUnavailable = paymentMethod === 'wave' && !payWithWave
  const keepOffered = offersToKeepAddress(form.values, addressBook?.addresses ?? null)

  /** A commune chosen here is remembered for the cart; express falls back to standard where the zone has none. */
  function chooseDestination(code: string) {
    form.setValue('commune', code)
    chooseCommune(code || null)
    const next = findCommune(zones.data ?? [], code)
    if (form.values.shippingMethod === EXPRESS_SHIPPING && next && next.zone.expressFee === null) {
      form.setValue('shippingMethod', STANDARD_SHIPPING)
    }
  }

  function goTo(next: CheckoutStep) {
    setFailure(null)
    setStep(next)
  }

  const toPayment = form.handleSubmit(() => goTo('payment'))

  function toReview() {
    const problem = paymentError(paymentMethod, zone, form.values.shippingMethod)
    if (problem) {
      toast.warning(problem)
      return
    }
    goTo('review')
  }

  async function confirm(code: string | null = promoCode) {
    if (place.isPending || !isPaymentMethod(paymentMethod) || waveUnavailable) return
    setFailure(null)
    const request = orderRequest(cart.lines, form.values, paymentMethod, code)
    let order: Order
    try {
      order = await place.mutateAsync({ request, idempotencyKey: keyFor(request) })
    } catch (error) {
      // A dead session is handled by the API client (to /login, back here after).
      if (isApiError(error) && error.status === 401) return
      // The code no longer applies (its last use just went to another order…): the shopper
      // decides whether to order without it.
      if (code && isApiError(error) && PROMO_REFUSALS.includes(error.code)) {
        const without = await ask({
          title: 'Code promo non appliqué',
          text: `${error.message}. Voulez-vous commander sans le code ${code} ?`,
          confirmLabel: 'Commander sans le code',
          cancelLabel: 'Revenir',
        })
        if (without) {
          setAppliedPromoCode(null)
          await confirm(null)
        } else {
          setFailure(error.message)
        }
        return
      }
      reportFailure(error)
      return
    }
    // The order is placed: its address goes to the book on the side, never in its way.
    const kept = keepOffered && keepAddress ? keepInBook(form.values) : Promise.resolve()
    setAppliedPromoCode(null)
    clearCheckoutDraft()
    // Its page, its payment and the return from Wave open it with its key, account or not.
    rememberOrderUrl(order.orderUrl)
    setPlaced(order)
    onPlaced?.(order)
    if (order.paymentMethod === 'wave' && payWithWave) {
      // Before the shopper leaves for Wave, which would cut the request short.
      await kept
      await payWithWave(order)
      return
    }
    toast.success(CHECKOUT_MESSAGES.created)
  }

  /** A full book (20 addresses) says so in the server's words; the order stands either way. */
  async function keepInBook(delivery: DeliveryValues) {
    try {
      await addressBook?.keep(delivery)
    } catch (error) {
      toast.warning(isApiError(error) && error.code === 'address_book_full' ? error.message : ADDRESS_NOT_KEPT)
    }
  }

  function reportFailure(error: unknown) {
    const message = orderFailureMessage(error)
    toast.error(message)
    const fields = isApiError(error) ? error.fields : {}
    // The server refused part of the form: back to the step where it can be fixed.
    if (form.setServerErrors(fields)) {
      setStep('delivery')
      return
    }
    if (fields.paymentMethod) {
      setPaymentRefusal(fields.paymentMethod)
      setStep('payment')
      return
    }
    setFailure(message)
  }

  // Shown once Next was pressed with errors, until they are fixed.
  const summary = form.summary ? deliverySummary(form.errors) : null

  return (
    <Frame>
      <CheckoutSteps current={step} />
      {guest && step === 'delivery' ? (
        <p className={styles.guestNote}>
          Pas besoin de compte : un nom et un téléphone suffisent. Déjà client ?{' '}
          <Link to="/login" state={{ from: '/checkout' }}>Se connecter</Link>
        </p>
      ) : null}
      <div className={step === 'review' ? styles.single : styles.layout}>
        <section className={styles.panel} aria-labelledby="checkout-step-title">
          {step === 'delivery' ? (
            <DeliveryStep
              form={form}
              zones={zones}
              zone={zone}
              onCommune={chooseDestination}
              subtotal={cart.subtotal}
              summary={summary}
              headingRef={headingRef}
              onNext={toPayment}
              keepAddress={keepOffered ? { checked: keepAddress, onChange: setKeepAddress } : undefined}
            />
          ) : null}
          {step === 'payment' ? (
            <PaymentStep
              value={paymentMethod}
              onChange={(method) => {
                setPaymentMethod(method)
                setPaymentRefusal(null)
              }}
              refusal={paymentRefusal}
              waveAvailable={Boolean(payWithWave)}
              cashRefusal={cashRefusal(zone, form.values.shippingMethod)}
              headingRef={headingRef}
              onBack={() => goTo('delivery')}
              onNext={toReview}
            />
          ) : null}
          {step === 'review' ? (
            <ReviewStep
              lines={cart.lines}
              delivery={form.values}
              destination={destination}
              shippingLabel={methodLabel}
              paymentMethod={paymentMethod}
              estimate={estimate}
              promoCode={estimate.discount > 0 ? (promo.data?.code ?? promoCode) : null}
              failure={failure}
              waveUnavailable={waveUnavailable}
              placing={place.isPending}
              headingRef={headingRef}
              onEdit={goTo}
              onBack={() => goTo('payment')}
              onConfirm={() => void confirm()}
            />
          ) : null}
        </section>
        {step !== 'review' ? (
          <aside className={styles.aside} aria-labelledby="checkout-aside-title">
            <h2 id="checkout-aside-title" className={styles.asideTitle}>Votre commande</h2>
            <CartDigest lines={cart.lines} />
            <OrderTotals
              subtotal={estimate.subtotal}
              shipping={{ label: methodLabel, cost: estimate.shippingCost }}
              discount={estimate.discount}
              promoCode={promo.data?.code ?? promoCode}
              total={estimate.total}
            />
          </aside>
        ) : null}
      </div>
    </Frame>
  )
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className={`container ${styles.page}`}>
      <div className={styles.head}>
        <h1 className={styles.title}>{CHECKOUT_TITLE}</h1>
        <Link to="/cart" className={styles.back}>← Retour au panier</Link>
      </div>
      {children}
    </div>
  )
}

function CartDigest({ lines }: { lines: CheckoutLine[] }) {
  return (
    <ul className={styles.digest}>
      {lines.map((line) => (
        <li key={line.key}>
          <span>{line.name} × {line.quantity}</span>
          <span>{formatPrice(line.unitPrice * line.quantity)}</span>
        </li>
      ))}
    </ul>
  )
}
