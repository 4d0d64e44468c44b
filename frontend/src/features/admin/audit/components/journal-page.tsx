import { useEffect, useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { useToast } from '@/components/ui/toast'
import { labelOf } from '@/lib/codes'
import { usePageMeta } from '@/lib/seo'
import { adminErrorMessage } from '../../common/admin-error'
import { AdminListPage, FilterSelect, useListParams, type FilterOption } from '../../common/admin-list'
import styles from '../../common/admin.module.css'
import { saveFile } from '../../common/save-file'
import { SEARCH_DEBOUNCE_MS } from '../../common/search-input'
import { useDebouncedValue } from '../../common/use-debounced-value'
import { ROLE_LABELS } from '../../users/api/user-schema'
import { downloadAuditCsv, STAFF_ROLES, useAudit, useStaffAccounts, type StaffAccount } from '../api/audit'
import { auditFiltersOf, auditQueryOf, csvQueryOf, type AuditFilters } from '../audit-filters'
import { ACTION_LABELS, TARGET_TYPE_LABELS, targetTypeLabel } from '../audit-labels'
import { AuditEntries } from './audit-entries'
import own from './journal.module.css'

export const JOURNAL_LOAD_FAILED = 'Erreur lors du chargement du journal'
export const JOURNAL_EXPORT_FAILED = 'L’export du journal a échoué'
export const NO_ENTRIES = 'Aucune entrée dans le journal pour ces filtres'

const ACTION_OPTIONS: FilterOption[] = Object.entries(ACTION_LABELS).map(([value, label]) => ({ value, label }))
const TARGET_OPTIONS: FilterOption[] = Object.entries(TARGET_TYPE_LABELS).map(([value, label]) => ({ value, label }))

/** The options, with the address's value when it is none of them (a code typed in the address, an old account). */
const withCurrent = (options: FilterOption[], value: string, label: (value: string) => string) =>
  value && !options.some((option) => option.value === value) ? [...options, { value, label: label(value) }] : options

const personName = (account: StaffAccount) => `${account.firstName} ${account.lastName}`.trim() || account.email

/** The team by role (in docs/roles.md's order), then by name. */
function personOptions(accounts: readonly StaffAccount[]): FilterOption[] {
  const rank = (role: string) => STAFF_ROLES.indexOf(role as (typeof STAFF_ROLES)[number])
  return [...accounts]
    .sort((a, b) => rank(a.role) - rank(b.role) || personName(a).localeCompare(personName(b), 'fr'))
    .map((account) => ({ value: account.id, label: `${personName(account)} (${labelOf(ROLE_LABELS, account.role)})` }))
}

/**
 * /admin/journal, « Journal »: what the team changed, newest first, filtered by person, action,
 * kind of target (or one target, from an order's or a product's page) and period (Dakar days),
 * 10 a page; the same entries as CSV.
 */
export function JournalPage() {
  usePageMeta({ title: 'Journal – Administration', noindex: true })
  const { params, change } = useListParams()
  const filters = auditFiltersOf(params)
  const entries = useAudit(auditQueryOf(filters))
  const staff = useStaffAccounts()
  const people = withCurrent(personOptions(staff.data ?? []), filters.actor, (id) => `Personne ${id}`)

  return (
    <AdminListPage
      title="Journal"
      subtitle="Ce que l’équipe a changé, du plus récent au plus ancien (heure de Dakar)."
      actions={<ExportJournalButton filters={filters} />}
      list={entries}
      filters={
        <>
          <FilterSelect label="Personne" value={filters.actor} anyLabel="Toute l’équipe" options={people} onChange={(actor) => change({ actor })} />
          <FilterSelect
            label="Action"
            value={filters.action}
            anyLabel="Toutes"
            options={withCurrent(ACTION_OPTIONS, filters.action, (code) => code)}
            onChange={(action) => change({ action })}
          />
          <FilterSelect
            label="Cible"
            value={filters.targetType}
            anyLabel="Toutes"
            options={withCurrent(TARGET_OPTIONS, filters.targetType, targetTypeLabel)}
            onChange={(targetType) => change({ targetType, targetId: null })}
          />
          <PeriodFilter from={filters.from} to={filters.to} onChange={({ from, to }) => change({ from, to })} />
          {filters.targetId ? (
            <p className={`${styles.control} ${own.chip}`}>
              <span>{filters.targetType ? targetTypeLabel(filters.targetType) : 'Cible'} {filters.targetId}</span>
              <button type="button" className={styles.iconButton} onClick={() => change({ targetId: null })}>
                Toutes les cibles
              </button>
            </p>
          ) : null}
        </>
      }
      texts={{ loading: 'Chargement du journal…', loadFailed: JOURNAL_LOAD_FAILED, empty: NO_ENTRIES, itemName: 'entrée' }}
      table={(list) => <AuditEntries entries={list} label="Entrées du journal" showRequest />}
    />
  )
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

interface Period {
  from: string
  to: string
}

/**
 * « Du » and « Au »: written in the address together once both dates have stopped changing (a
 * year typed digit by digit). One debounce for both: two would each write the address from the
 * same old one, and the second would undo the first.
 */
function PeriodFilter({ from, to, onChange }: Period & { onChange: (period: Period) => void }) {
  const [text, setText] = useState<Period>({ from, to })
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS)

  useEffect(() => {
    const usable = (day: string) => day === '' || DAY.test(day)
    const changed = settled.from !== from || settled.to !== to
    if (changed && usable(settled.from) && usable(settled.to)) onChange(settled)
    // Only settled dates change the address, not a change of the address.
  }, [settled])

  // The address changed by itself (back button, a link): the fields follow.
  useEffect(() => {
    if (from !== settled.from || to !== settled.to) setText({ from, to })
  }, [from, to])

  return (
    <>
      <DateInput label="Du" value={text.from} onChange={(day) => setText((period) => ({ ...period, from: day }))} />
      <DateInput label="Au" value={text.to} onChange={(day) => setText((period) => ({ ...period, to: day }))} />
    </>
  )
}

function DateInput({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId()
  return (
    <label className={styles.control} htmlFor={id}>
      {label}
      <input id={id} type="date" className={styles.input} value={value} onChange={(event) => onChange(event.target.value)} />
    </label>
  )
}

function ExportJournalButton({ filters }: { filters: AuditFilters }) {
  const toast = useToast()
  const download = async () => {
    try {
      saveFile(await downloadAuditCsv(csvQueryOf(filters)), 'journal.csv')
    } catch (error) {
      toast.error(adminErrorMessage(error, JOURNAL_EXPORT_FAILED))
    }
  }
  return <Button variant="secondary" onClick={() => void download()}>Télécharger le CSV</Button>
}
