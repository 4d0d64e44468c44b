// « Me prévenir »: on a colour with sold-out sizes (or a sold-out accessory),
// the shopper leaves an e-mail (and a phone, if they like) and is told once
// when the variant is back (docs/rules.md#back-in-stock). No account needed.
import { useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { colorLabel } from '@/config/colors'
import { errorMessage, isApiError } from '@/lib/api-client'
import type { Product } from '../api/product-schema'
import { useAskAlert } from '../api/ask-alert'
import { hasSingleSize, soldOutSizes } from '../product-options'
import styles from './back-in-stock.module.css'

export const NOTIFY_ME = 'Me prévenir'

export function BackInStock({ product, color }: { product: Product; color: string | undefined }) {
  const sizes = soldOutSizes(product, color)
  const [open, setOpen] = useState(false)
  const [size, setSize] = useState('')
  const [email, setEmail] = useState('')
  const [phone, setPhone] = useState('')
  const [done, setDone] = useState<string | null>(null)
  const ask = useAskAlert(String(product.id))
  const ids = useId()
  if (color === undefined || sizes.length === 0) return null
  const single = hasSingleSize(product)
  const chosen = sizes.includes(size) ? size : (sizes[0] ?? '')
  const fields = isApiError(ask.error) ? ask.error.fields : {}

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (ask.isPending || color === undefined) return
    const request = { color, size: chosen, email: email.trim(), phone: phone.trim() || undefined }
    ask.mutate(request, { onSuccess: (message) => setDone(message) })
  }

  if (!open) {
    const what = single ? 'Cet article est épuisé ?' : 'Votre taille est épuisée ?'
    return (
      <p className={styles.teaser}>
        {what}{' '}
        <Button variant="secondary" onClick={() => setOpen(true)} aria-expanded={false}>
          {NOTIFY_ME}
        </Button>
      </p>
    )
  }

  return (
    <form className={styles.box} onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className={styles.title}>Être prévenu du retour en stock</h2>
      <p className={styles.text}>
        {colorLabel(color)} : nous vous écrivons une seule fois, dès que l’article revient.
      </p>
      {done ? (
        <p className={styles.done} role="status">{done}</p>
      ) : (
        <>
          {!single ? (
            <label className={styles.field}>
              <span>Taille épuisée</span>
              <select value={chosen} onChange={(event) => setSize(event.target.value)}>
                {sizes.map((s) => <option key={s} value={s}>{s}</option>)}
              </select>
            </label>
          ) : null}
          <label className={styles.field}>
            <span>Adresse e-mail</span>
            <input
              type="email"
              inputMode="email"
              autoComplete="email"
              required
              value={email}
              aria-invalid={fields.email ? true : undefined}
              onChange={(event) => setEmail(event.target.value)}
            />
          </label>
          <label className={styles.field}>
            <span>Téléphone (facultatif)</span>
            <input
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              value={phone}
              aria-invalid={fields.phone ? true : undefined}
              onChange={(event) => setPhone(event.target.value)}
            />
          </label>
          {ask.isError ? <p className={styles.error} role="alert">{errorMessage(ask.error)}</p> : null}
          <Button type="submit" disabled={ask.isPending}>{ask.isPending ? 'Envoi…' : NOTIFY_ME}</Button>
        </>
      )}
    </form>
  )
}
