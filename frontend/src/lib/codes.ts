// The shop's closed sets of codes (statuses, roles, filters…): a code read from the
// address or sent by the server is checked before it is used as one of them.

export function isOneOf<T extends string>(codes: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (codes as readonly string[]).includes(value)
}

/** A code's French label; a code the shop does not know (yet) shows as it came. */
export function labelOf(labels: Record<string, string>, code: string): string {
  return Object.prototype.hasOwnProperty.call(labels, code) ? labels[code]! : code
}
