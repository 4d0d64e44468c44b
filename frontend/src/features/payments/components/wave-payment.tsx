// The Wave payment of an order checkout has just placed: its own lazy chunk,
// fetched while the shopper fills the checkout in.
import { useEffect } from 'react'
import { useWaveCheckout, type WaveOrder } from '../use-wave-checkout'
import { WavePaymentPanel } from './wave-payment-panel'

export default function WavePayment({ order }: { order: WaveOrder }) {
  const wave = useWaveCheckout()
  const { pay } = wave
  // Starts once per order. (StrictMode's rehearsal aborts the first start and
  // runs a second: the server reuses the order's open session anyway.)
  useEffect(() => {
    void pay(order)
  }, [order, pay])
  return <WavePaymentPanel wave={wave} />
}
