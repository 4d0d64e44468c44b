import { lazy, Suspense } from 'react'
import { Modal } from '@/components/ui/modal'
import { PageSpinner } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import type { Address, AddressInput } from '../api/address-schema'
import { useSaveAddress } from '../api/save-address'
import { addressValues } from '../address-values'

// The form (with the delivery zones' communes) is fetched when it is first opened.
const AddressForm = lazy(() => import('./address-form').then((module) => ({ default: module.AddressForm })))

export type Editing = { mode: 'new' } | { mode: 'edit'; address: Address } | null

interface AddressEditorProps {
  editing: Editing
  /** A new address's first values (the profile's names and phone, whether it is the default). */
  defaults?: Partial<AddressInput>
  onClose: () => void
}

/** The address form in a dialog: a new address of the book, or one of its addresses edited. */
export function AddressEditor({ editing, defaults, onClose }: AddressEditorProps) {
  const save = useSaveAddress()
  const toast = useToast()

  async function onSave(input: AddressInput) {
    const id = editing?.mode === 'edit' ? editing.address.id : undefined
    await save.mutateAsync({ id, input })
    onClose()
    toast.success(id === undefined ? 'Adresse ajoutée avec succès' : 'Adresse mise à jour avec succès')
  }

  return (
    <Modal open={editing !== null} onClose={onClose} title={editing?.mode === 'edit' ? 'Modifier l’adresse' : 'Nouvelle adresse'}>
      {editing ? (
        <Suspense fallback={<PageSpinner label="Chargement du formulaire…" />}>
          <AddressForm
            initial={editing.mode === 'edit' ? addressValues(editing.address) : addressValues(undefined, defaults)}
            onSave={onSave}
            onCancel={onClose}
          />
        </Suspense>
      ) : null}
    </Modal>
  )
}
