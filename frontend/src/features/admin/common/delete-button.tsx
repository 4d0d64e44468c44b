import type { UseMutationResult } from '@tanstack/react-query'
import { useConfirm } from '@/components/ui/confirm'
import { useToast } from '@/components/ui/toast'
import { adminErrorMessage } from './admin-error'
import styles from './admin.module.css'
import type { Removal } from './removal'

/** The confirmation of a deletion, product or user. */
export const deleteConfirmation = (name: string) =>
  `Êtes-vous sûr de vouloir supprimer "${name}" ? Cette action est irréversible.`

export interface DeleteTexts {
  /** The confirmation's title: 'Supprimer le produit'. */
  title: string
  /** The toast of a deletion done. */
  deleted: string
  /** The toast of a failure without the server's sentence. */
  failed: string
}

/**
 * The Supprimer button of a row: asks first, then deletes. What orders name is
 * deactivated instead of deleted: the server's sentence says so, as a warning.
 */
export function DeleteButton({ id, name, mutation, texts }: {
  id: string
  name: string
  mutation: UseMutationResult<Removal, Error, string>
  texts: DeleteTexts
}) {
  const confirm = useConfirm()
  const toast = useToast()

  const onDelete = async () => {
    const ok = await confirm({ title: texts.title, text: deleteConfirmation(name), confirmLabel: 'Supprimer' })
    if (!ok) return
    mutation.mutate(id, {
      onSuccess: (result) => (result.deleted ? toast.success(texts.deleted) : toast.warning(result.message)),
      onError: (error) => toast.error(adminErrorMessage(error, texts.failed)),
    })
  }

  return (
    <button
      type="button"
      className={`${styles.iconButton} ${styles.danger}`}
      onClick={() => void onDelete()}
      disabled={mutation.isPending && mutation.variables === id}
      aria-label={`Supprimer ${name}`}
    >
      Supprimer
    </button>
  )
}
