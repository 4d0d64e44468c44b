import { useEffect, useState } from 'react'
import { AddressLines } from '@/components/ui/address-lines'
import { Button } from '@/components/ui/button'
import { useConfirm } from '@/components/ui/confirm'
import { PageSpinner } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import { errorMessage } from '@/lib/api-client'
import type { Address, AddressInput } from '../api/address-schema'
import { useDeleteAddress } from '../api/delete-address'
import { useAddresses } from '../api/get-addresses'
import { useSetDefaultAddress } from '../api/set-default-address'
import { addressLines } from '../address-values'
import { AddressEditor, type Editing } from './address-editor'
import styles from './account.module.css'

export const ADDRESSES_LOAD_FAILED = 'Impossible de charger vos adresses'
export const ADDRESS_DELETE_CONFIRM = {
  title: "Supprimer l'adresse",
  text: 'Êtes-vous sûr de vouloir supprimer cette adresse ?',
}

/** The address book of /account: list, add, edit, delete (after confirmation), default. */
export function AddressBook({ defaults }: { defaults?: Partial<AddressInput> }) {
  const addresses = useAddresses()
  const remove = useDeleteAddress()
  const makeDefault = useSetDefaultAddress()
  const toast = useToast()
  const confirm = useConfirm()
  const [editing, setEditing] = useState<Editing>(null)

  useEffect(() => {
    if (addresses.isError) toast.error(ADDRESSES_LOAD_FAILED)
  }, [addresses.isError, addresses.errorUpdatedAt, toast])

  async function onDelete(address: Address) {
    if (!(await confirm(ADDRESS_DELETE_CONFIRM))) return
    remove.mutate(address.id, {
      onSuccess: () => toast.success('Adresse supprimée'),
      onError: (error) => toast.error(errorMessage(error)),
    })
  }

  function onMakeDefault(address: Address) {
    makeDefault.mutate(address.id, {
      onSuccess: () => toast.success('Adresse par défaut mise à jour'),
      onError: (error) => toast.error(errorMessage(error)),
    })
  }

  const list = addresses.data ?? []
  const isNewFirst = list.length === 0
  return (
    <section aria-labelledby="addresses-title">
      <div className={styles.sectionHead}>
        <h2 id="addresses-title" className={styles.panelTitle}>Mes adresses</h2>
        <Button variant="secondary" onClick={() => setEditing({ mode: 'new' })} disabled={addresses.isPending}>
          Ajouter une adresse
        </Button>
      </div>

      {addresses.isPending ? (
        <PageSpinner label="Chargement de vos adresses…" />
      ) : addresses.isError ? (
        <div className={styles.empty} role="alert">
          <p>{ADDRESSES_LOAD_FAILED}</p>
          <Button variant="secondary" onClick={() => void addresses.refetch()}>Réessayer</Button>
        </div>
      ) : list.length === 0 ? (
        <div className={styles.empty}>
          <p>Vous n’avez pas encore enregistré d’adresse de livraison.</p>
        </div>
      ) : (
        <ul className={styles.addressList}>
          {list.map((address) => (
            <li key={address.id} className={`${styles.addressCard} ${address.isDefault ? styles.isDefault : ''}`}>
              <div className={styles.addressHead}>
                <h3 className={styles.addressLabel}>{address.label?.trim() || 'Adresse'}</h3>
                {address.isDefault ? <span className={styles.badge}>Par défaut</span> : null}
              </div>
              <address className={styles.addressText}>
                <AddressLines lines={addressLines(address)} />
              </address>
              <div className={styles.addressActions}>
                <Button variant="ghost" onClick={() => setEditing({ mode: 'edit', address })} aria-label={`Modifier l’adresse ${address.label?.trim() || address.address}`}>
                  Modifier
                </Button>
                <Button variant="ghost" onClick={() => void onDelete(address)} aria-label={`Supprimer l’adresse ${address.label?.trim() || address.address}`}>
                  Supprimer
                </Button>
                {address.isDefault ? null : (
                  <Button variant="ghost" onClick={() => onMakeDefault(address)} disabled={makeDefault.isPending}>
                    Définir par défaut
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}

      <AddressEditor editing={editing} defaults={{ ...defaults, isDefault: isNewFirst }} onClose={() => setEditing(null)} />
    </section>
  )
}
