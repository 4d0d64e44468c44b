// French typography of the shop's texts: a no-break space keeps « ! ? ; : » from
// starting a line and « » from leaving their words. The texts are written with
// the characters themselves (src/typography.test.ts checks every text of the
// storefront and the back office); this module names them, and says what a
// text becomes, for the tests and the few texts built from parts.

/** Before « : » and inside « » (U+00A0). */
export const NBSP = '\u00a0'
/** Before « ! ? ; » (U+202F, the narrow one). */
export const NNBSP = '\u202f'

/** `text` with its spaces before « ! ? ; : » and inside « » made no-break. */
export function frenchSpacing(text: string): string {
  return text
    .replace(/ +([!?;])/g, `${NNBSP}$1`)
    .replace(/ +:(?=\s|$)/g, `${NBSP}:`)
    .replace(/« +/g, `«${NBSP}`)
    .replace(/ +»/g, `${NBSP}»`)
}
