// The active filters above a listing's results, each a chip that removes it
// (« Taille : M ✕ »), and « Tout effacer »: what is filtered stays in sight on a
// phone, where the filters themselves are in a closed drawer.
import type { FilterChip, ListingFilters } from '../listing-params'
import styles from './active-filters.module.css'

export interface ActiveFiltersProps {
  chips: FilterChip[]
  onRemove: (patch: Partial<ListingFilters>) => void
  onClear: () => void
}

export function ActiveFilters({ chips, onRemove, onClear }: ActiveFiltersProps) {
  if (chips.length === 0) return null
  return (
    <div className={styles.active}>
      <ul className={styles.chips} aria-label="Filtres actifs">
        {chips.map((chip) => (
          <li key={chip.key}>
            {/* The name starts with the action and holds the words shown (« Taille : M »). */}
            <button type="button" className={styles.chip} aria-label={`Retirer le filtre ${chip.label}`} onClick={() => onRemove(chip.remove)}>
              {chip.label}
              <span aria-hidden="true" className={styles.cross}>✕</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className={styles.clear} onClick={onClear}>
        Tout effacer
      </button>
    </div>
  )
}
