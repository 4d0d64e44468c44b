import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LINE_LIMIT_MESSAGE, MAX_LINE_QUANTITY, lineLimit } from './cart'

// The server's rule, where the cart and the checkout read it.
const choice = readFileSync(join(__dirname, '../../../crates/catalog/src/choice.rs'), 'utf8')

describe('the units a line holds', () => {
  it('are the server’s, with its message', () => {
    expect(choice).toContain(`pub const MAX_LINE_QUANTITY: u32 = ${MAX_LINE_QUANTITY};`)
    const message = LINE_LIMIT_MESSAGE.replace(String(MAX_LINE_QUANTITY), '{MAX_LINE_QUANTITY}')
    expect(choice).toContain(`"${message}"`)
  })

  it('stop at the stock or at the limit, whichever is lower', () => {
    expect([lineLimit(3), lineLimit(10), lineLimit(40), lineLimit(0), lineLimit(undefined)]).toEqual([3, 10, 10, 0, 10])
  })
})
