// Corrections of an order before it leaves (docs/rules.md#corrections): its delivery details
// while it is pending or in preparation, its items while it is pending. The server checks
// everything again, moves the stock and recomputes the fee and the total; this screen only
// gathers what staff want.
import { useQueries, useQuery } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { useToast } from '@/components/ui/toast'
import { colorLabel } from '@/config/colors'
import { isApiError } from '@/lib/api-client'
import { communeGroups, PICKUP, useDeliveryZones } from '@/lib/delivery-zones'
import { formatPrice } from '@/lib/format'
import { editablePhone } from '@/lib/phone'
import { adminProductsQueryOptions } from '../../products/api/get-products'
import { adminProductQueryOptions } from '../../products/api/get-product'
import type { AdminProduct } from '../../products/api/product-schema'
import { adminErrorMessage } from '../../common/admin-error'
import styles from '../../common/admin.module.css'
import type { AdminOrder } from '../api/order-schema'
import { useCorrectDelivery, useCorrectItems, type DeliveryCorrection, type ItemChoice } from '../api/update-order'
import own from './order-detail.module.css'

export const EDIT_DELIVERY = 'Modifier la livraison'
export const EDIT_ITEMS = 'Modifier les articles'
export const DELIVERY_CORRECTED = 'Livraison modifiée'
export const ITEMS_CORRECTED = 'Articles modifiés'
export const CORRECTION_FAILED = "Erreur lors de l'enregistrement de la correction"
export const CHOOSE_VARIANTS = 'Choisissez la couleur et la taille de chaque article.'
export const KEEP_ONE_ITEM = 'Une commande garde au moins un article : annulez-la plutôt.'
export const MAX_UNITS = 10
export const QUANTITY_RANGE = `La quantité d’un article va de 1 à ${MAX_UNITS}.`

type Editing = 'delivery' | 'items' | null

/** Shown while something can still be corrected: delivery before shipping, items before preparation. */
export function CorrectionsPanel({ order }: { order: AdminOrder }) {
  const [editing, setEditing] = useState<Editing>(null)
  const deliveryOpen = order.status === 'pending' || order.status === 'processing'
  const itemsOpen = order.status === 'pending'
  if (!deliveryOpen) return null
  const done = () => setEditing(null)
  return (
    <section className={styles.panel} aria-labelledby="order-corrections">
      <h2 id="order-corrections" className={styles.panelTitle}>Corriger la commande</h2>
      <p className={styles.muted}>
        {itemsOpen
          ? 'Avant la préparation, les articles et la livraison peuvent être corrigés.'
          : 'Avant l’expédition, la livraison peut encore être corrigée.'}{' '}
        Le total est recalculé et le changement entre dans l’historique.
      </p>
      {editing === null ? (
        <div className={own.contact}>
          <Button variant="secondary" onClick={() => setEditing('delivery')}>{EDIT_DELIVERY}</Button>
          {itemsOpen ? <Button variant="secondary" onClick={() => setEditing('items')}>{EDIT_ITEMS}</Button> : null}
        </div>
      ) : editing === 'delivery' ? (
        <DeliveryEditor order={order} onDone={done} />
      ) : (
        <ItemsEditor order={order} onDone={done} />
      )}
    </section>
  )
}

function deliveryOf(order: AdminOrder): DeliveryCorrection {
  const info = order.shippingInfo
  return {
    firstName: info.firstName,
    lastName: info.lastName,
    email: info.email,
    phone: editablePhone(info.phone),
    address: info.address,
    city: info.city,
    country: info.country,
    commune: info.commune ?? '',
    landmark: info.landmark ?? '',
    notes: info.notes ?? '',
  }
}

function DeliveryEditor({ order, onDone }: { order: AdminOrder; onDone: () => void }) {
  const [values, setValues] = useState(() => deliveryOf(order))
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const correct = useCorrectDelivery()
  const zones = useDeliveryZones()
  const toast = useToast()
  const id = useId()
  const pickup = order.shippingMethod === PICKUP

  const field = (name: keyof DeliveryCorrection, label: string, props: { type?: string; maxLength: number; multiline?: boolean }) => {
    const error = fieldErrors[name]
    const common = {
      id: `${id}-${name}`,
      className: styles.input,
      maxLength: props.maxLength,
      value: values[name],
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-${name}-error` : undefined,
    }
    return (
      <div className={styles.control}>
        <label htmlFor={`${id}-${name}`}>{label}</label>
        {props.multiline ? (
          <textarea {...common} rows={2} onChange={(e) => setValues({ ...values, [name]: e.target.value })} />
        ) : (
          <input {...common} type={props.type ?? 'text'} onChange={(e) => setValues({ ...values, [name]: e.target.value })} />
        )}
        {error ? <span id={`${id}-${name}-error`} className={own.fieldError}>{error}</span> : null}
      </div>
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setFieldErrors({})
    correct.mutate(
      { id: order.id, delivery: values },
      {
        onSuccess: (corrected) => {
          toast.success(`${DELIVERY_CORRECTED} : total ${formatPrice(corrected.total)}`)
          onDone()
        },
        onError: (error) => {
          if (isApiError(error)) setFieldErrors(error.fields)
          toast.error(adminErrorMessage(error, CORRECTION_FAILED))
        },
      },
    )
  }

  return (
    <form className={own.stack} onSubmit={submit} aria-label={EDIT_DELIVERY} noValidate>
      <div className={own.pair}>
        {field('firstName', 'Prénom', { maxLength: 100 })}
        {field('lastName', 'Nom', { maxLength: 100 })}
      </div>
      <div className={own.pair}>
        {field('phone', 'Téléphone', { type: 'tel', maxLength: 30 })}
        {field('email', 'Email', { type: 'email', maxLength: 254 })}
      </div>
      {pickup ? null : (
        <>
          <div className={styles.control}>
            <label htmlFor={`${id}-commune`}>Commune</label>
            <select
              id={`${id}-commune`}
              className={styles.input}
              value={values.commune}
              onChange={(e) => setValues({ ...values, commune: e.target.value, city: '' })}
              aria-invalid={fieldErrors.commune ? true : undefined}
            >
              <option value="">Choisissez la commune</option>
              {communeGroups(zones.data ?? []).map((group) => (
                <optgroup key={group.label} label={group.label}>
                  {group.options.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
                </optgroup>
              ))}
            </select>
            {fieldErrors.commune ? <span className={own.fieldError}>{fieldErrors.commune}</span> : null}
          </div>
          {field('address', 'Adresse', { maxLength: 300 })}
          {field('landmark', 'Point de repère', { maxLength: 200 })}
        </>
      )}
      {field('notes', 'Instructions de livraison', { maxLength: 500, multiline: true })}
      <div className={own.contact}>
        <Button type="submit" disabled={correct.isPending}>{correct.isPending ? 'Enregistrement…' : 'Enregistrer la livraison'}</Button>
        <Button variant="ghost" onClick={onDone}>Annuler</Button>
      </div>
    </form>
  )
}

/** A line as edited: its quantity as typed, checked when saved. */
interface Line extends Omit<ItemChoice, 'quantity'> {
  key: string
  name: string
  quantity: string
}

let nextKey = 0
const lineKey = () => `line-${nextKey++}`

function ItemsEditor({ order, onDone }: { order: AdminOrder; onDone: () => void }) {
  const [lines, setLines] = useState<Line[]>(() =>
    order.items.map((item) => ({ key: lineKey(), productId: item.productId, name: item.name, color: item.color, size: item.size, quantity: String(item.quantity) })),
  )
  const [problem, setProblem] = useState<string | null>(null)
  const correct = useCorrectItems()
  const toast = useToast()
  const products = useProducts(lines.map((line) => line.productId))

  const change = (key: string, patch: Partial<Line>) => setLines(lines.map((line) => (line.key === key ? { ...line, ...patch } : line)))
  const add = (product: AdminProduct) => {
    const color = product.colors.length === 1 ? product.colors[0]! : ''
    const size = product.sizes.length === 1 ? product.sizes[0]! : ''
    setLines([...lines, { key: lineKey(), productId: product.id, name: product.name, color, size, quantity: '1' }])
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (lines.length === 0) return setProblem(KEEP_ONE_ITEM)
    if (lines.some((line) => !line.color || !line.size)) return setProblem(CHOOSE_VARIANTS)
    const items = lines.map(({ productId, quantity, size, color }) => ({ productId, quantity: Number(quantity), size, color }))
    if (items.some((item) => !Number.isInteger(item.quantity) || item.quantity < 1 || item.quantity > MAX_UNITS)) return setProblem(QUANTITY_RANGE)
    setProblem(null)
    correct.mutate(
      { id: order.id, items },
      {
        onSuccess: (corrected) => {
          toast.success(`${ITEMS_CORRECTED} : total ${formatPrice(corrected.total)}`)
          onDone()
        },
        onError: (error) => setProblem(adminErrorMessage(error, CORRECTION_FAILED)),
      },
    )
  }

  return (
    <form className={own.stack} onSubmit={submit} aria-label={EDIT_ITEMS} noValidate>
      <ul className={own.lines}>
        {lines.map((line) => (
          <ItemLine
            key={line.key}
            line={line}
            product={products.get(line.productId)}
            onChange={(patch) => change(line.key, patch)}
            onRemove={() => setLines(lines.filter((l) => l.key !== line.key))}
          />
        ))}
      </ul>
      <ProductPicker onPick={add} />
      {problem ? <p className={own.fieldError} role="alert">{problem}</p> : null}
      <p className={styles.muted}>Un article gardé garde son prix ; un article ajouté prend le prix du jour.</p>
      <div className={own.contact}>
        <Button type="submit" disabled={correct.isPending}>{correct.isPending ? 'Enregistrement…' : 'Enregistrer les articles'}</Button>
        <Button variant="ghost" onClick={onDone}>Annuler</Button>
      </div>
    </form>
  )
}

/** The lines' products (their colours, sizes and stock), each read once. */
function useProducts(ids: string[]): Map<string, AdminProduct> {
  const unique = [...new Set(ids)]
  const results = useQueries({ queries: unique.map((id) => adminProductQueryOptions(id)) })
  return new Map(results.flatMap((result, i) => (result.data ? [[unique[i]!, result.data] as const] : [])))
}

function ItemLine({ line, product, onChange, onRemove }: { line: Line; product?: AdminProduct; onChange: (patch: Partial<Line>) => void; onRemove: () => void }) {
  const id = useId()
  // A line's own choice stays offered even if the product no longer lists it.
  const colors = withCurrent(product?.colors ?? [], line.color)
  const sizes = withCurrent(product?.sizes ?? [], line.size)
  const shelf = (size: string) => product?.stock[line.color]?.[size]
  return (
    <li className={own.line}>
      <strong className={own.lineName}>{line.name}</strong>
      <label className={styles.control} htmlFor={`${id}-color`}>
        Couleur
        <select id={`${id}-color`} className={`${styles.input} ${styles.small}`} value={line.color} onChange={(e) => onChange({ color: e.target.value })}>
          <option value="">Choisir</option>
          {colors.map((color) => <option key={color} value={color}>{colorLabel(color)}</option>)}
        </select>
      </label>
      <label className={styles.control} htmlFor={`${id}-size`}>
        Taille
        <select id={`${id}-size`} className={`${styles.input} ${styles.small}`} value={line.size} onChange={(e) => onChange({ size: e.target.value })}>
          <option value="">Choisir</option>
          {sizes.map((size) => (
            <option key={size} value={size}>
              {size === 'unique' ? 'Taille unique' : size}
              {line.color && shelf(size) !== undefined ? ` (${shelf(size)} en stock)` : ''}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.control} htmlFor={`${id}-qty`}>
        Qté
        <input
          id={`${id}-qty`}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_UNITS}
          className={`${styles.input} ${styles.small} ${own.qty}`}
          value={line.quantity}
          onChange={(e) => onChange({ quantity: e.target.value })}
        />
      </label>
      <Button variant="ghost" className={own.remove} onClick={onRemove} aria-label={`Retirer ${line.name}`}>Retirer</Button>
    </li>
  )
}

const withCurrent = (options: string[], current: string) => (current && !options.includes(current) ? [...options, current] : options)

/** « Ajouter un article »: a product of the catalogue found by its name. */
function ProductPicker({ onPick }: { onPick: (product: AdminProduct) => void }) {
  const [search, setSearch] = useState('')
  const id = useId()
  const wanted = search.trim()
  const found = useQuery({ ...adminProductsQueryOptions({ page: 1, limit: 5, search: wanted, status: 'active' }), enabled: wanted.length >= 2 })
  const shown = wanted.length >= 2 ? (found.data?.data ?? []) : []
  return (
    <div className={own.stack}>
      <label className={styles.control} htmlFor={id}>
        Ajouter un article
        <input id={id} type="search" className={styles.input} placeholder="Nom du produit" value={search} onChange={(e) => setSearch(e.target.value)} />
      </label>
      {shown.length > 0 ? (
        <ul className={own.picks} aria-label="Produits trouvés">
          {shown.map((product) => (
            <li key={product.id}>
              <span>{product.name} · {formatPrice(product.onPromotion && product.promoPrice ? product.promoPrice : product.price)}</span>
              <Button variant="secondary" onClick={() => { onPick(product); setSearch('') }} aria-label={`Ajouter ${product.name}`}>Ajouter</Button>
            </li>
          ))}
        </ul>
      ) : wanted.length >= 2 && found.isSuccess ? (
        <p className={styles.muted}>Aucun produit ne correspond.</p>
      ) : null}
    </div>
  )
}
