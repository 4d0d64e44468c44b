// The record of the order's phone (docs/rules.md#cash-on-delivery): how its
// parcels ended, whether it may still pay at the door, and the admin's word.
import { useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { useToast } from '@/components/ui/toast'
import { formatDate } from '@/lib/format'
import { formatPhone } from '@/lib/phone'
import { adminErrorMessage } from '../../common/admin-error'
import styles from '../../common/admin.module.css'
import { useDecideForPhone, usePhoneRecord, type PhoneRecord } from '../api/phone-record'
import own from './order-detail.module.css'

export const PHONE_DECISION_SAVED = 'Décision enregistrée pour ce numéro'
export const PHONE_DECISION_FAILED = "Erreur lors de l'enregistrement de la décision"
export const PHONE_NOTE_MAX = 500

type Choice = 'rule' | 'allow' | 'block'

const choiceOf = (record: PhoneRecord): Choice =>
  record.codAllowed === null ? 'rule' : record.codAllowed ? 'allow' : 'block'

const allowedOf = (choice: Choice): boolean | null => (choice === 'rule' ? null : choice === 'allow')

export function PhoneRecordPanel({ phone }: { phone: string }) {
  const record = usePhoneRecord(phone)
  return (
    <section className={styles.panel} aria-labelledby="order-phone-record">
      <h2 id="order-phone-record" className={styles.panelTitle}>Historique du numéro</h2>
      {record.data ? (
        <PhoneRecordView key={`${record.data.codAllowed}|${record.data.note}`} record={record.data} />
      ) : record.isError ? (
        <p className={styles.muted}>Historique indisponible pour ce numéro.</p>
      ) : (
        <p className={styles.muted}>Chargement…</p>
      )}
    </section>
  )
}

function PhoneRecordView({ record }: { record: PhoneRecord }) {
  const decide = useDecideForPhone()
  const toast = useToast()
  const [choice, setChoice] = useState<Choice>(choiceOf(record))
  const [note, setNote] = useState(record.note)
  const ids = { choice: useId(), note: useId() }
  const changed = choice !== choiceOf(record) || note.trim() !== record.note

  const submit = (event: FormEvent) => {
    event.preventDefault()
    decide.mutate(
      { phone: record.phone, codAllowed: allowedOf(choice), note },
      {
        onSuccess: () => toast.success(PHONE_DECISION_SAVED),
        onError: (error) => toast.error(adminErrorMessage(error, PHONE_DECISION_FAILED)),
      },
    )
  }

  return (
    <>
      <p className={own.contactLine}>{formatPhone(record.phone)}</p>
      <dl className={own.facts} aria-label="Commandes de ce numéro">
        <dt>Livrées</dt>
        <dd data-testid="phone-delivered">{record.delivered}</dd>
        <dt>Refusées à la livraison</dt>
        <dd data-testid="phone-refused">{record.refused}</dd>
        <dt>Annulées sans confirmation</dt>
        <dd data-testid="phone-cancelled-unconfirmed">{record.cancelledUnconfirmed}</dd>
        <dt>Paiement à la livraison</dt>
        <dd>
          <span className={`${styles.badge} ${record.cashOnDelivery ? styles.good : styles.bad}`} data-testid="phone-cod">
            {record.cashOnDelivery ? 'Proposé' : 'Refusé'}
          </span>
        </dd>
      </dl>
      {record.updatedBy && record.updatedAt ? (
        <p className={styles.muted}>Décision de {record.updatedBy} le {formatDate(record.updatedAt, { withTime: true })}</p>
      ) : null}
      <form className={own.stack} onSubmit={submit} aria-label="Paiement à la livraison pour ce numéro">
        <label className={styles.control} htmlFor={ids.choice}>
          Paiement à la livraison
          <select id={ids.choice} className={styles.input} value={choice} onChange={(e) => setChoice(e.target.value as Choice)}>
            <option value="rule">Selon la règle ({record.maxRefusals} refus au plus)</option>
            <option value="allow">Toujours autorisé</option>
            <option value="block">Bloqué</option>
          </select>
        </label>
        <label className={styles.control} htmlFor={ids.note}>
          Raison {choice === 'rule' ? '(facultative)' : ''}
          <textarea id={ids.note} className={styles.input} rows={2} maxLength={PHONE_NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />
        </label>
        <Button type="submit" variant="secondary" disabled={!changed || decide.isPending}>Enregistrer la décision</Button>
      </form>
    </>
  )
}
