// The /products sidebar (on phones, the content of the Filtres drawer). It
// shows the state read from the address and reports changes; the listing
// writes them back to the address. Nothing here holds filter state of its
// own except the price fields while they are being typed.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { colorLabel, colorSwatch } from '@/config/colors'
import { formatPrice } from '@/lib/format'
import { CATEGORIES, FILTER_COLORS, FILTER_SIZES } from '@/config/catalog'
import { useFacets, type FacetCount, type Facets } from '../api/get-facets'
import type { ProductQuery } from '../api/get-products'
import type { ListingFilters } from '../listing-params'
import chip from '@/components/ui/choice-chip.module.css'
import styles from './product-filters.module.css'

/** Price fields wait this long after the last keystroke before the listing follows. */
export const PRICE_DEBOUNCE_MS = 600
export const PRICE_ORDER_ERROR = 'Le prix minimum ne peut pas dépasser le prix maximum.'

export interface ProductFiltersProps {
  query: ProductQuery
  onChange: (patch: Partial<ListingFilters>) => void
  onReset: () => void
  /** False on a category page: its category is its address, not a choice here. */
  withCategories?: boolean
}

export function ProductFilters({ query, onChange, onReset, withCategories = true }: ProductFiltersProps) {
  const selectedColors = query.colors ?? []
  const selectedSizes = query.sizes ?? []
  // The colours and sizes the catalogue has under the other filters, with their counts; until
  // they arrive (or if they cannot), the usual lists without counts.
  const facets = useFacets(query).data?.data
  const colors = choices(facets?.colors, FILTER_COLORS, selectedColors)
  const sizes = choices(facets?.sizes, FILTER_SIZES, selectedSizes)
  const countId = useId()
  const categoryValue = query.subcategory ? `${query.category ?? parentOf(query.subcategory)}/${query.subcategory}` : (query.category ?? '')
  const categories = categoryChoices(facets?.categories, categoryValue)

  const toggle = (values: string[], value: string, on: boolean) => {
    const next = on ? [...values, value] : values.filter((v) => v !== value)
    return next.length > 0 ? next : undefined
  }

  return (
    <div className={styles.filters}>
      {withCategories ? (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>Catégorie</legend>
          <ul className={styles.options}>
            <li>
              <CategoryRadio
                value=""
                label="Tous nos produits"
                count={facets ? categories.reduce((sum, category) => sum + (category.count ?? 0), 0) : undefined}
                current={categoryValue}
                onSelect={() => onChange({ category: undefined, subcategory: undefined })}
              />
            </li>
            {categories.map((category) => (
              <li key={category.slug}>
                <CategoryRadio
                  value={category.slug}
                  label={category.label}
                  count={category.count}
                  current={categoryValue}
                  onSelect={() => onChange({ category: category.slug, subcategory: undefined })}
                />
                <ul className={`${styles.options} ${styles.nested}`}>
                  {category.subcategories.map((sub) => (
                    <li key={sub.slug}>
                      <CategoryRadio
                        value={`${category.slug}/${sub.slug}`}
                        label={sub.label}
                        count={sub.count}
                        current={categoryValue}
                        onSelect={() => onChange({ category: category.slug, subcategory: sub.slug })}
                      />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}

      <PriceFilter minPrice={query.minPrice} maxPrice={query.maxPrice} range={facets?.price ?? undefined} onChange={onChange} />

      <fieldset className={styles.group}>
        <legend className={styles.legend}>Couleurs</legend>
        <ul className={styles.colors}>
          {colors.map(({ value: color, count }, index) => {
            const swatch = colorSwatch(color)
            return (
              <li key={color}>
                <label className={styles.colorChip}>
                  <input
                    type="checkbox"
                    name="colors"
                    value={color}
                    checked={selectedColors.includes(color)}
                    aria-describedby={count === undefined ? undefined : `${countId}-color-${index}`}
                    onChange={(event) => onChange({ colors: toggle(selectedColors, color, event.currentTarget.checked) })}
                  />
                  <span className={styles.pill}>
                    {swatch ? <span className={styles.swatch} style={{ background: swatch }} aria-hidden="true" /> : null}
                    {colorLabel(color)}
                  </span>
                </label>
                <Count id={`${countId}-color-${index}`} count={count} of="de cette couleur" />
              </li>
            )
          })}
        </ul>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>Tailles</legend>
        <ul className={styles.sizes}>
          {sizes.map(({ value: size, count }, index) => (
            <li key={size}>
              <label className={chip.chip}>
                <input
                  type="checkbox"
                  name="sizes"
                  value={size}
                  checked={selectedSizes.includes(size)}
                  aria-describedby={count === undefined ? undefined : `${countId}-size-${index}`}
                  onChange={(event) => onChange({ sizes: toggle(selectedSizes, size, event.currentTarget.checked) })}
                />
                <span>{size}</span>
              </label>
              <Count id={`${countId}-size-${index}`} count={count} of="dans cette taille" />
            </li>
          ))}
        </ul>
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.legend}>Sélections</legend>
        <ul className={styles.options}>
          {(
            [
              ['promotion', 'En promotion'],
              ['featured', 'Produits à la une'],
              ['new', 'Nouveautés'],
            ] as const
          ).map(([key, label]) => (
            <li key={key}>
              <label className={styles.check}>
                <input
                  type="checkbox"
                  name={key}
                  checked={query[key] === true}
                  onChange={(event) => onChange({ [key]: event.currentTarget.checked || undefined })}
                />
                <span>{label}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <button type="button" className={styles.reset} onClick={onReset}>
        Réinitialiser les filtres
      </button>
    </div>
  )
}

interface Choice {
  value: string
  /** Products listed with this value chosen; unknown until the facets arrive. */
  count?: number
}

/**
 * The values the facets offer, in their order; a chosen value they lack (a link's, or one no
 * product has any more) still shows, checked, with its zero. Without facets, the usual list.
 */
export function choices(facets: FacetCount[] | undefined, usual: readonly string[], selected: string[]): Choice[] {
  const offered: Choice[] = facets ? facets.map(({ value, count }) => ({ value, count })) : usual.map((value) => ({ value }))
  const missing = selected.filter((value) => !offered.some((choice) => choice.value === value))
  return [...offered, ...missing.map((value) => (facets ? { value, count: 0 } : { value }))]
}

function Count({ id, count, of }: { id: string; count: number | undefined; of: string }) {
  if (count === undefined) return null
  return (
    // Beside the label, not in it: the checkbox's name is the value, the count its description.
    <span id={id} className={styles.count}>
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{`${count} ${count > 1 ? 'produits' : 'produit'} ${of}`}</span>
    </span>
  )
}

function parentOf(subcategory: string): string {
  return CATEGORIES.find((c) => c.subcategories.some((s) => s.slug === subcategory))?.slug ?? ''
}

interface CategoryChoice {
  slug: string
  label: string
  count?: number
  subcategories: { slug: string; label: string; count?: number }[]
}

/**
 * The shop's categories in their order, with the counts the facets give under the other filters;
 * once they are known, a category or subcategory without products is left out unless it is the
 * one chosen (shown with its zero, so the choice stays visible and can be undone).
 */
export function categoryChoices(facets: Facets['categories'] | undefined, current: string): CategoryChoice[] {
  const [currentCategory, currentSub] = current.split('/')
  return CATEGORIES.flatMap((category) => {
    const counted = facets?.find((c) => c.value === category.slug)
    const subcategories = category.subcategories.flatMap((sub) => {
      if (!facets) return [{ slug: sub.slug, label: sub.label }]
      const count = counted?.subcategories.find((s) => s.value === sub.slug)?.count ?? 0
      return count > 0 || sub.slug === currentSub ? [{ slug: sub.slug, label: sub.label, count }] : []
    })
    if (!facets) return [{ slug: category.slug, label: category.label, subcategories }]
    const count = counted?.count ?? 0
    if (count === 0 && category.slug !== currentCategory) return []
    return [{ slug: category.slug, label: category.label, count, subcategories }]
  })
}

function CategoryRadio({ value, label, count, current, onSelect }: { value: string; label: string; count?: number; current: string; onSelect: () => void }) {
  const countId = useId()
  return (
    <div className={styles.row}>
      <label className={styles.check}>
        <input
          type="radio"
          name="category"
          value={value}
          checked={current === value}
          aria-describedby={count === undefined ? undefined : countId}
          onChange={onSelect}
        />
        <span>{label}</span>
      </label>
      <Count id={countId} count={count} of={value === '' ? 'en tout' : 'dans cette catégorie'} />
    </div>
  )
}

function digits(text: string): string {
  // Whole francs; 9 digits is far above any price of the shop.
  return text.replace(/\D/g, '').replace(/^0+(?=\d)/, '').slice(0, 9)
}

function toNumber(text: string): number | undefined {
  return text === '' ? undefined : Number(text)
}

/** Min and max in whole francs; the listing follows once typing pauses, or at once on Enter or leaving a field. */
function PriceFilter({
  minPrice,
  maxPrice,
  range,
  onChange,
}: {
  minPrice: number | undefined
  maxPrice: number | undefined
  /** The lowest and highest price under the other filters, once the facets tell. */
  range: { min: number; max: number } | undefined
  onChange: ProductFiltersProps['onChange']
}) {
  const id = useId()
  const [min, setMin] = useState(minPrice?.toString() ?? '')
  const [max, setMax] = useState(maxPrice?.toString() ?? '')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const applied = useRef({ min: minPrice, max: maxPrice })

  // The address changed (back/forward, reset, a link): the fields follow it.
  useEffect(() => {
    applied.current = { min: minPrice, max: maxPrice }
    setMin(minPrice?.toString() ?? '')
    setMax(maxPrice?.toString() ?? '')
  }, [minPrice, maxPrice])

  useEffect(() => () => clearTimeout(timer.current), [])

  const lo = toNumber(min)
  const hi = toNumber(max)
  const invalid = lo !== undefined && hi !== undefined && lo > hi

  function apply(nextMin: string, nextMax: string) {
    clearTimeout(timer.current)
    const a = toNumber(nextMin)
    const b = toNumber(nextMax)
    if (a !== undefined && b !== undefined && a > b) return
    if (a === applied.current.min && b === applied.current.max) return
    applied.current = { min: a, max: b }
    onChange({ minPrice: a, maxPrice: b })
  }

  function schedule(nextMin: string, nextMax: string) {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => apply(nextMin, nextMax), PRICE_DEBOUNCE_MS)
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    apply(min, max)
  }

  return (
    <form className={styles.group} onSubmit={onSubmit} noValidate>
      <fieldset className={styles.bare}>
        <legend className={styles.legend}>Prix (FCFA)</legend>
        <div className={styles.prices}>
          <PriceInput
            id={`${id}-min`}
            label="Minimum"
            name="minPrice"
            placeholder="0"
            value={min}
            errorId={invalid ? `${id}-error` : undefined}
            hintId={range ? `${id}-range` : undefined}
            onChange={(next) => {
              setMin(next)
              schedule(next, max)
            }}
            onBlur={() => apply(min, max)}
          />
          <span className={styles.dash} aria-hidden="true">–</span>
          <PriceInput
            id={`${id}-max`}
            label="Maximum"
            name="maxPrice"
            placeholder="Illimité"
            value={max}
            errorId={invalid ? `${id}-error` : undefined}
            hintId={range ? `${id}-range` : undefined}
            onChange={(next) => {
              setMax(next)
              schedule(min, next)
            }}
            onBlur={() => apply(min, max)}
          />
        </div>
        {range ? (
          <p id={`${id}-range`} className={styles.range}>
            {range.min === range.max ? `Tout à ${formatPrice(range.min)}` : `De ${formatPrice(range.min)} à ${formatPrice(range.max)}`}
          </p>
        ) : null}
        {invalid ? (
          <p id={`${id}-error`} className={styles.error} role="alert">
            {PRICE_ORDER_ERROR}
          </p>
        ) : null}
        {/* Enter applies at once; the button itself is only for keyboard and screen-reader users. */}
        <button type="submit" className="visually-hidden">Appliquer le prix</button>
      </fieldset>
    </form>
  )
}

interface PriceInputProps {
  id: string
  label: string
  name: string
  placeholder: string
  value: string
  /** Set while the range is invalid: the message that describes the field. */
  errorId?: string
  /** The prices on offer, when known. */
  hintId?: string
  /** Receives the digits typed, nothing else. */
  onChange: (digits: string) => void
  onBlur: () => void
}

function PriceInput({ id, label, name, placeholder, value, errorId, hintId, onChange, onBlur }: PriceInputProps) {
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <label className={styles.field} htmlFor={id}>
      <span>{label}</span>
      <input
        id={id}
        name={name}
        inputMode="numeric"
        autoComplete="off"
        placeholder={placeholder}
        value={value}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(digits(event.currentTarget.value))}
        onBlur={onBlur}
      />
    </label>
  )
}
