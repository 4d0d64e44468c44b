import { useState } from 'react'
import { Link } from 'react-router'
import { AddressLines } from '@/components/ui/address-lines'
import { Button } from '@/components/ui/button'
import { PageSpinner } from '@/components/ui/spinner'
import type { AddressInput } from '../api/address-schema'
import { useAddresses } from '../api/get-addresses'
import { addressLines } from '../address-values'
import { AddressEditor, type Editing } from './address-editor'
import { ADDRESSES_LOAD_FAILED } from './address-book'
import styles from './account.module.css'

export const NO_DEFAULT_ADDRESS = 'Aucune adresse de livraison enregistrée.'

/**
 * The profile's address: the address book's default one, edited there with the book's form
 * (a commune of the delivery zones and a landmark; Dakar has no postcodes). A new one becomes
 * the default.
 */
export function DefaultAddress({ defaults }: { defaults?: Partial<AddressInput> }) {
  const addresses = useAddresses()
  const [editing, setEditing] = useState<Editing>(null)
  const address = addresses.data?.find((item) => item.isDefault)
  return (
    <section aria-labelledby="default-address-title" className={styles.defaultAddress}>
      <h2 id="default-address-title" className={styles.panelTitle}>Adresse de livraison</h2>
      {addresses.isPending ? (
        <PageSpinner label="Chargement de votre adresse…" />
      ) : addresses.isError ? (
        <p role="alert">{ADDRESSES_LOAD_FAILED}</p>
      ) : address ? (
        <>
          <address className={styles.addressText}>
            <AddressLines lines={addressLines(address)} />
          </address>
          <div className={styles.defaultActions}>
            <Button variant="secondary" onClick={() => setEditing({ mode: 'edit', address })}>Modifier l’adresse</Button>
            <Link to="/account?tab=addresses">Toutes mes adresses</Link>
          </div>
        </>
      ) : (
        <>
          <p className={styles.addressText}>{NO_DEFAULT_ADDRESS}</p>
          <div className={styles.defaultActions}>
            <Button variant="secondary" onClick={() => setEditing({ mode: 'new' })}>Ajouter une adresse</Button>
          </div>
        </>
      )}
      <AddressEditor editing={editing} defaults={{ ...defaults, isDefault: true }} onClose={() => setEditing(null)} />
    </section>
  )
}
