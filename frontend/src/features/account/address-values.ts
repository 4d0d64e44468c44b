import { placeLine } from '@/components/ui/address-lines'
import { editablePhone, formatPhone } from '@/lib/phone'
import type { Address, AddressInput } from './api/address-schema'

/** The address form's first values: the address's, or the profile's names and phone for a new one. */
export function addressValues(address?: Address, defaults?: Partial<AddressInput>): AddressInput {
  return {
    label: address?.label ?? '',
    firstName: address?.firstName ?? defaults?.firstName ?? '',
    lastName: address?.lastName ?? defaults?.lastName ?? '',
    phone: editablePhone(address?.phone ?? defaults?.phone),
    address: address?.address ?? '',
    commune: address?.commune || defaults?.commune || '',
    landmark: address?.landmark ?? '',
    isDefault: address?.isDefault ?? defaults?.isDefault ?? false,
  }
}

/** An address of the book as its card and the profile show it, line by line. */
export function addressLines(address: Address): (string | null)[] {
  return [
    `${address.firstName} ${address.lastName}`,
    address.address,
    placeLine(address),
    address.landmark ? `Point de repère : ${address.landmark}` : null,
    formatPhone(address.phone),
  ]
}
