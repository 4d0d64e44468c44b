import { useEffect, useRef, useState } from 'react'
import { Button, ButtonAnchor } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import { PageSpinner } from '@/components/ui/spinner'
import { formatDate } from '@/lib/format'
import { shop } from '@/lib/shop'
import { toWhatsAppNumber, whatsAppUrl } from '@/lib/whatsapp'
import { adminErrorMessage } from '../../common/admin-error'
import styles from '../../common/admin.module.css'
import { useCreateResetLink } from '../api/user-mutations'
import type { AdminUser } from '../api/user-schema'

export const RESET_LINK_FAILED = 'Erreur lors de la création du lien de réinitialisation'
export const LINK_COPIED = 'Lien copié'

/** The message sent to the customer with their link. */
export function resetLinkMessage(user: Pick<AdminUser, 'firstName'>, url: string): string {
  const name = user.firstName.trim()
  return (
    `Bonjour${name ? ` ${name}` : ''}, voici votre lien pour choisir un nouveau mot de passe sur ${shop.name} ` +
    `(valable 1 heure, utilisable une seule fois) : ${url}`
  )
}

/**
 * Support's answer to "j'ai oublié mon mot de passe" (docs/rules.md#accounts): a
 * one-time link made by the server, to copy or send by WhatsApp. Made when the
 * dialog opens; closing it and opening it again makes a new one.
 */
export function ResetLinkModal({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const create = useCreateResetLink()
  const [copied, setCopied] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  const { mutate } = create
  // Once per opening: React's development double effects must not make two links.
  const asked = useRef(false)
  useEffect(() => {
    if (asked.current) return
    asked.current = true
    mutate(user.id)
  }, [mutate, user.id])

  const link = create.data
  const number = user.phone ? toWhatsAppNumber(user.phone) : null

  const copy = async () => {
    if (!link) return
    try {
      await navigator.clipboard.writeText(link.url)
    } catch {
      // No clipboard (plain http, an old browser): the link is selected for a manual copy.
      inputRef.current?.select()
      return
    }
    setCopied(true)
  }

  return (
    <Modal
      open
      size="wide"
      onClose={onClose}
      title={`Nouveau mot de passe – ${user.firstName} ${user.lastName}`}
      footer={<Button variant="secondary" onClick={onClose}>Fermer</Button>}
    >
      {create.isPending ? <PageSpinner label="Création du lien…" showLabel /> : null}
      {create.isError ? (
        <p role="alert" className={styles.error}>{adminErrorMessage(create.error, RESET_LINK_FAILED)}</p>
      ) : null}
      {link ? (
        <>
          <p>
            Envoyez ce lien à {user.firstName}. Il permet de choisir un nouveau mot de passe une seule fois,
            jusqu’au {formatDate(link.expiresAt, { withTime: true })}.
          </p>
          <label className={styles.control}>
            Lien de réinitialisation
            <input ref={inputRef} className={styles.input} readOnly value={link.url} onFocus={(e) => e.target.select()} />
          </label>
          <div className={styles.actions} style={{ marginTop: '0.75rem' }}>
            <Button onClick={() => void copy()}>{copied ? LINK_COPIED : 'Copier le lien'}</Button>
            {number ? (
              <ButtonAnchor variant="secondary" href={whatsAppUrl(resetLinkMessage(user, link.url), number)} target="_blank" rel="noopener noreferrer">
                Envoyer par WhatsApp
              </ButtonAnchor>
            ) : (
              <p className={styles.muted}>Pas de numéro de téléphone : copiez le lien pour l’envoyer.</p>
            )}
          </div>
        </>
      ) : null}
    </Modal>
  )
}
