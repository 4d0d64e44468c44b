import { Fragment, type ReactNode } from 'react'

/** Where a parcel goes, as a postal address writes it. */
export interface Place {
  communeName?: string | null
  zoneName?: string | null
  zipCode?: string | null
  city?: string | null
}

/** The commune and its zone; for an address saved before the zones, the postcode and the city. */
export function placeLine(place: Place): string {
  if (place.communeName) return place.zoneName ? `${place.communeName} (${place.zoneName})` : place.communeName
  return [place.zipCode, place.city].filter((part) => part?.trim()).join(' ')
}

/** The lines of an address, one under the other; a line that is `null` (absent) is left out. */
export function AddressLines({ lines }: { lines: ReactNode[] }) {
  const shown = lines.filter((line) => line !== null && line !== undefined && line !== false)
  return shown.map((line, index) => (
    <Fragment key={index}>
      {index > 0 ? <br /> : null}
      {line}
    </Fragment>
  ))
}
