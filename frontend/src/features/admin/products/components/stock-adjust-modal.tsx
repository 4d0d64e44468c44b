// Stock set by hand (`stock.adjust`): the quantities counted, why (a reason, a note for
// « Autre »), and only the variants whose quantity changed are sent.
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import { useToast } from '@/components/ui/toast'
import { isApiError } from '@/lib/api-client'
import { isOneOf } from '@/lib/codes'
import { adminErrorMessage } from '../../common/admin-error'
import styles from '../../common/admin.module.css'
import type { AdminProduct } from '../api/product-schema'
import { useUpdateStock } from '../api/save-product'
import { STOCK_NOTE_MAX, STOCK_REASON_LABELS, STOCK_REASONS, type StockReason } from '../api/stock-movements'
import { changedVariants, gridSizes, sameGrid, shapeGrid } from '../stock-grid'
import own from './products.module.css'
import { StockGridEditor } from './stock-grid-editor'

export const STOCK_UPDATED = 'Stock mis à jour avec succès'
export const STOCK_UPDATE_FAILED = 'Erreur lors de la mise à jour du stock'

/** The server's own sentences: the same rules, said before anything is sent. */
export const STOCK_MESSAGES = {
  reason: "Indiquez la raison de l'ajustement.",
  note: 'Précisez la raison dans la note.',
  noteTooLong: `La note ne doit pas dépasser ${STOCK_NOTE_MAX} caractères.`,
} as const

type StockField = 'reason' | 'note' | 'stock'
const STOCK_FIELDS: readonly StockField[] = ['reason', 'note', 'stock']

const NOTE_HINTS = {
  required: 'Obligatoire pour « Autre » : dites ce qui s’est passé.',
  optional: 'Facultative : un mot sur ce qui s’est passé.',
} as const

/** A control's hint and error, read with it; a refused value marked. */
const describedBy = (id: string, hint: string | null, error: string | undefined) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined,
})

/** What is missing before an adjustment can be sent, by field. */
export function adjustmentErrors(reason: StockReason | '', note: string): Partial<Record<StockField, string>> {
  const errors: Partial<Record<StockField, string>> = {}
  if (reason === '') errors.reason = STOCK_MESSAGES.reason
  if ([...note.trim()].length > STOCK_NOTE_MAX) errors.note = STOCK_MESSAGES.noteTooLong
  else if (reason === 'other' && note.trim() === '') errors.note = STOCK_MESSAGES.note
  return errors
}

/** The stock of one product, adjusted without opening the whole form (the list, the product's page). */
export function StockAdjustModal({ product, onClose }: { product: AdminProduct; onClose: () => void }) {
  const [initial] = useState(() => shapeGrid(product.colors, gridSizes(product.category, product.sizes), product.stock))
  const [grid, setGrid] = useState(initial)
  const [reason, setReason] = useState<StockReason | ''>('')
  const [note, setNote] = useState('')
  const [errors, setErrors] = useState<Partial<Record<StockField, string>>>({})
  const update = useUpdateStock()
  const toast = useToast()
  const ids = useId()
  const fieldId = (name: StockField) => `${ids}-${name}`
  const changed = !sameGrid(initial, grid)
  const noteHint = reason === 'other' ? NOTE_HINTS.required : NOTE_HINTS.optional

  const clear = (field: StockField) => setErrors(({ [field]: _, ...rest }) => rest)

  const showErrors = (found: Partial<Record<StockField, string>>) => {
    setErrors(found)
    const first = STOCK_FIELDS.find((field) => found[field] && field !== 'stock')
    if (first) queueMicrotask(() => document.getElementById(fieldId(first))?.focus())
  }

  const save = () => {
    const local = adjustmentErrors(reason, note)
    if (reason === '' || Object.keys(local).length > 0) {
      showErrors(local)
      return
    }
    update.mutate(
      // Only what changed: a sale made meanwhile on another variant is not overwritten.
      { id: product.id, stock: changedVariants(initial, grid), reason, note },
      {
        onSuccess: () => {
          toast.success(STOCK_UPDATED)
          onClose()
        },
        onError: (error) => {
          const fields = isApiError(error) ? error.fields : {}
          showErrors(Object.fromEntries(STOCK_FIELDS.filter((field) => fields[field]).map((field) => [field, fields[field]])))
          toast.error(adminErrorMessage(error, STOCK_UPDATE_FAILED))
        },
      },
    )
  }

  return (
    <Modal
      open
      size="wide"
      onClose={onClose}
      title={`Stock – ${product.name}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>Annuler</Button>
          <Button onClick={save} disabled={!changed || update.isPending}>
            {update.isPending ? 'Enregistrement…' : 'Enregistrer le stock'}
          </Button>
        </>
      }
    >
      <div className={own.adjust}>
        <StockGridEditor
          grid={grid}
          onChange={(next) => {
            setGrid(next)
            clear('stock')
          }}
          disabled={update.isPending}
        />
        {errors.stock ? <p className={own.fieldError}>{errors.stock}</p> : null}
        <div className={own.row}>
          <div className={own.field}>
            <label htmlFor={fieldId('reason')} className={own.label}>
              Raison<span aria-hidden="true"> *</span>
            </label>
            <select
              id={fieldId('reason')}
              className={styles.input}
              required
              value={reason}
              disabled={update.isPending}
              {...describedBy(fieldId('reason'), null, errors.reason)}
              onChange={(event) => {
                setReason(isOneOf(STOCK_REASONS, event.target.value) ? event.target.value : '')
                clear('reason')
                clear('note')
              }}
            >
              <option value="">Choisir une raison…</option>
              {STOCK_REASONS.map((code) => (
                <option key={code} value={code}>{STOCK_REASON_LABELS[code]}</option>
              ))}
            </select>
            {errors.reason ? <p id={`${fieldId('reason')}-error`} className={own.fieldError}>{errors.reason}</p> : null}
          </div>
          <div className={own.field}>
            <label htmlFor={fieldId('note')} className={own.label}>
              Note{reason === 'other' ? <span aria-hidden="true"> *</span> : null}
            </label>
            <textarea
              id={fieldId('note')}
              className={`${styles.input} ${own.textarea}`}
              rows={2}
              maxLength={STOCK_NOTE_MAX}
              required={reason === 'other'}
              value={note}
              disabled={update.isPending}
              {...describedBy(fieldId('note'), noteHint, errors.note)}
              onChange={(event) => {
                setNote(event.target.value)
                clear('note')
              }}
            />
            <p id={`${fieldId('note')}-hint`} className={styles.muted}>{noteHint}</p>
            {errors.note ? <p id={`${fieldId('note')}-error`} className={own.fieldError}>{errors.note}</p> : null}
          </div>
        </div>
      </div>
    </Modal>
  )
}
