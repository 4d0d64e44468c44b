// The three ways a parcel travels, as the server names them, with their labels. Apart from the
// checkout's model so that an order's page does not load the checkout's form rules.

export const SHIPPING_METHODS = [
  { code: 'standard', label: 'Livraison standard' },
  { code: 'express', label: 'Livraison express' },
  { code: 'pickup', label: 'Retrait en boutique' },
] as const

export function shippingLabel(code: string): string {
  return SHIPPING_METHODS.find((method) => method.code === code)?.label ?? 'Livraison'
}
