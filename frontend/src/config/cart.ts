// How much of a variant one line holds (docs/rules.md#cart): the product page's quantity, the
// cart's steppers and the guest cart stop at the stock or at this, whichever is lower. The server
// applies the same rule again (409 `quantity_limit`); `cart.test.ts` checks this copy against it.

/** Most units of one variant (product, colour, size) in a cart line or an order line. */
export const MAX_LINE_QUANTITY = 10

/** A variant asked without its size or colour: the cart's refusal, and the product page's ask. */
export const MISSING_CHOICE_MESSAGE = 'Veuillez sélectionner une taille et une couleur'

/** The server's words for a line past the limit. */
export const LINE_LIMIT_MESSAGE = `Vous ne pouvez pas prendre plus de ${MAX_LINE_QUANTITY} exemplaires d'un même article (même taille, même couleur).`

/** The most units a line of a variant may hold: its stock (when known), never more than the limit. */
export function lineLimit(stock: number | undefined): number {
  return stock === undefined ? MAX_LINE_QUANTITY : Math.min(Math.max(0, Math.trunc(stock)), MAX_LINE_QUANTITY)
}
