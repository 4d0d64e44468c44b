// Countries offered by the profile and address forms, Sénégal first and by
// default. The server applies the same default.
export const COUNTRIES = ['Sénégal', 'Maroc', 'France', 'Belgique', 'USA'] as const
export const DEFAULT_COUNTRY: string = COUNTRIES[0]

/** The options of a select, keeping a value saved before (another spelling, another country) selectable. */
export function countryOptions(current?: string | null): string[] {
  const value = current?.trim()
  return value && !(COUNTRIES as readonly string[]).includes(value) ? [...COUNTRIES, value] : [...COUNTRIES]
}
