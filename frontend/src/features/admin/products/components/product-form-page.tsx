import { useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { Button, ButtonLink } from '@/components/ui/button'
import { CheckboxField, FormAlert, TextField } from '@/components/ui/form-field'
import { PageSpinner } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import { CATEGORIES, categoryLabel, subcategoryLabel } from '@/config/catalog'
import { isApiError } from '@/lib/api-client'
import { PERMISSIONS, useCan } from '@/lib/permissions'
import { usePageMeta } from '@/lib/seo'
import { EntityJournal } from '../../audit/components/entity-journal'
import { adminErrorMessage, isNotFound } from '../../common/admin-error'
import styles from '../../common/admin.module.css'
import { LoadError, PageHeader } from '../../common/page-header'
import { useErrorToast } from '../../common/use-error-toast'
import { useAdminProduct } from '../api/get-product'
import type { AdminProduct } from '../api/product-schema'
import { useSaveProduct } from '../api/save-product'
import {
  CLOTHING_SIZES,
  emptyProductForm,
  formFromProduct,
  hasChanges,
  subcategoriesOf,
  tabOf,
  toProductBody,
  validateProductForm,
  withGrid,
  type ProductField,
  type ProductFormValues,
  type ProductTab,
} from '../product-form-model'
import { gridSizes, parseColors, shapeGrid } from '../stock-grid'
import { ImagesField } from './images-field'
import own from './products.module.css'
import { StockAdjustModal } from './stock-adjust-modal'
import { StockBadge } from './stock-badge'
import { StockGridEditor } from './stock-grid-editor'
import { StockMovements } from './stock-movements'
import { StockTable } from './stock-table'
import { WaitingAlerts } from './waiting-alerts'

export const PRODUCT_SAVED = 'Produit enregistré avec succès'
export const PRODUCT_SAVE_FAILED = "Erreur lors de l'enregistrement du produit"
export const PRODUCT_LOAD_FAILED = 'Erreur lors du chargement du produit'
export const PRODUCT_NOT_FOUND = 'Produit non trouvé'
export const STOCK_BY_ADJUSTMENT =
  'Les quantités se corrigent avec « Ajuster le stock », en indiquant la raison. Une nouvelle couleur ou taille commence à 0.'

const TABS: { id: ProductTab; label: string }[] = [
  { id: 'general', label: 'Général' },
  { id: 'images', label: 'Images' },
  { id: 'stock', label: 'Couleurs, tailles et stock' },
]

/**
 * /admin/products/new and /admin/products/edit/{id}: the same form. Who may only adjust stock
 * (a seller) gets the product's stock alone: its variants and quantities, « Ajuster le stock »
 * and its movements, no price nor anything else to edit.
 */
export function ProductFormPage({ productId }: { productId?: string }) {
  const manages = useCan()(PERMISSIONS.manageProducts)
  const title = !productId ? 'Nouveau produit' : manages ? 'Modifier le produit' : 'Stock du produit'
  usePageMeta({ title: `${title} – Administration`, noindex: true })
  if (!productId) return <ProductForm />
  return <EditProduct productId={productId} manages={manages} />
}

function EditProduct({ productId, manages }: { productId: string; manages: boolean }) {
  const product = useAdminProduct(productId)
  const notFound = isNotFound(product.error)
  const loadError = notFound ? PRODUCT_NOT_FOUND : adminErrorMessage(product.error, PRODUCT_LOAD_FAILED)
  useErrorToast(product.isError, product.errorUpdatedAt, loadError)
  if (product.isPending) return <PageSpinner label="Chargement du produit…" />
  if (product.isError) {
    return (
      <section className={styles.page}>
        <PageHeader title={manages ? 'Modifier le produit' : 'Stock du produit'} actions={<BackLink />} />
        <LoadError message={loadError} onRetry={notFound ? undefined : () => void product.refetch()} />
      </section>
    )
  }
  const below = (
    <>
      <StockMovements productId={product.data.id} />
      <EntityJournal targetType="product" targetId={product.data.id} watch={product.data} />
    </>
  )
  if (!manages) return <ProductStock product={product.data}>{below}</ProductStock>
  // Keyed by the product: a save that comes back re-seeds the form from the server's version.
  return (
    <ProductForm key={`${product.data.id}`} product={product.data}>
      {below}
    </ProductForm>
  )
}

/** The stock-only view of a product: its variants and quantities, adjusted with a reason. */
function ProductStock({ product, children }: { product: AdminProduct; children: ReactNode }) {
  const titleId = useId()
  const grid = shapeGrid(product.colors, gridSizes(product.category, product.sizes), product.stock)
  return (
    <section className={styles.page}>
      <PageHeader
        title={product.name}
        subtitle={`${categoryLabel(product.category)} · ${subcategoryLabel(product.subcategory)} · ${product.active ? 'En vente' : 'Désactivé'}`}
        actions={<BackLink />}
      />
      <section className={styles.panel} aria-labelledby={titleId}>
        <div className={own.stockHead}>
          <span className={own.stockTitle}>
            <h2 id={titleId} className={styles.panelTitle}>Stock</h2>
            <StockBadge status={product.stockStatus} />
          </span>
          <AdjustStockButton product={product} />
        </div>
        <StockTable grid={grid} />
      </section>
      {children}
    </section>
  )
}

/** « Ajuster le stock »: the quantities counted and why (the saved product's variants). */
function AdjustStockButton({ product }: { product: AdminProduct }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>Ajuster le stock</Button>
      {open ? <StockAdjustModal product={product} onClose={() => setOpen(false)} /> : null}
    </>
  )
}

function BackLink() {
  return <ButtonLink to="/admin/products" variant="secondary">← Retour aux produits</ButtonLink>
}

function ProductForm({ product, children }: { product?: AdminProduct; children?: ReactNode }) {
  const initial = useMemo(() => (product ? formFromProduct(product) : emptyProductForm()), [product])
  const [values, setValues] = useState<ProductFormValues>(initial)
  // A saved product's quantities change by adjustments only (with their reason): the form shows
  // the server's, and sends them back as they are.
  const seenStock = useRef(product?.stock)
  if (product && seenStock.current !== product.stock) {
    seenStock.current = product.stock
    setValues((current) => withGrid({ ...current, stock: product.stock }))
  }
  const [tab, setTab] = useState<ProductTab>('general')
  const [submitted, setSubmitted] = useState(false)
  const [serverErrors, setServerErrors] = useState<Partial<Record<ProductField, string>>>({})
  const [alert, setAlert] = useState<string | null>(null)
  const [uploading, setUploading] = useState(false)
  const save = useSaveProduct()
  const toast = useToast()
  const navigate = useNavigate()
  const ids = useId()
  const fieldId = (name: string) => `${ids}-${name}`

  const local = validateProductForm(values)
  const errors: Partial<Record<ProductField, string>> = { ...(submitted ? local.fields : {}), ...serverErrors }
  const changed = hasChanges(initial, values)

  function update(changes: Partial<ProductFormValues>) {
    setValues((current) => {
      const next = { ...current, ...changes }
      // The grid follows colours, category and sizes.
      return 'colorsText' in changes || 'category' in changes || 'sizes' in changes ? withGrid(next) : next
    })
    const touched = Object.keys(changes).map((key) => (key === 'colorsText' ? 'colors' : key))
    setServerErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !touched.includes(key))))
  }

  const text = (name: 'name' | 'shortDescription' | 'description' | 'material' | 'careInstructions' | 'price' | 'promoPrice') => ({
    id: fieldId(name),
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => update({ [name]: event.target.value }),
  })

  const choice = (name: 'category' | 'subcategory') => ({ id: fieldId(name), value: values[name], error: errors[name] })

  function showFirstError(fields: Partial<Record<string, string>>) {
    const first = Object.keys(fields)[0]
    if (!first) return
    setTab(tabOf(first))
    queueMicrotask(() => document.getElementById(fieldId(first === 'colors' ? 'colorsText' : first))?.focus())
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (local.message) {
      setAlert(local.message)
      showFirstError(local.fields)
      return
    }
    setAlert(null)
    save.mutate(
      { id: product?.id, body: toProductBody(values) },
      {
        onSuccess: () => {
          toast.success(PRODUCT_SAVED)
          navigate('/admin/products')
        },
        onError: (error) => {
          const fields = isApiError(error) ? (error.fields as Partial<Record<ProductField, string>>) : {}
          setServerErrors(fields)
          const message = adminErrorMessage(error, PRODUCT_SAVE_FAILED)
          setAlert(message)
          toast.error(message)
          showFirstError(fields)
        },
      },
    )
  }

  const tabErrors = (id: ProductTab) => Object.keys(errors).some((field) => tabOf(field) === id)
  const busy = save.isPending

  return (
    <section className={styles.page}>
      <PageHeader
        title={product ? `Modifier « ${product.name} »` : 'Nouveau produit'}
        subtitle={product ? (product.active ? 'En vente dans la boutique' : 'Désactivé : invisible dans la boutique') : undefined}
        actions={<BackLink />}
      />
      <form onSubmit={onSubmit} noValidate className={own.form} aria-label={product ? 'Modifier le produit' : 'Nouveau produit'}>
        <FormAlert>{alert}</FormAlert>
        <Tabs current={tab} onChange={setTab} hasErrors={tabErrors} idPrefix={ids} />

        <TabPanel id="general" current={tab} idPrefix={ids}>
          <div className={own.fields}>
            <TextField label="Nom" required maxLength={200} {...text('name')} />
            <TextField label="Résumé" hint="Une phrase affichée sous le nom (facultatif)." maxLength={500} {...text('shortDescription')} />
            <TextArea label="Description" required rows={5} {...text('description')} />
            <div className={own.row}>
              <Select
                label="Catégorie"
                required
                {...choice('category')}
                onChange={(category) => update({ category, subcategory: '' })}
                options={CATEGORIES}
              />
              <Select
                label="Sous-catégorie"
                required
                {...choice('subcategory')}
                disabled={!values.category}
                onChange={(subcategory) => update({ subcategory })}
                options={subcategoriesOf(values.category)}
              />
            </div>
            <div className={own.row}>
              <TextField label="Prix (FCFA)" type="number" inputMode="numeric" min={0} step={100} required {...text('price')} />
              <TextField
                label="Prix promotionnel (FCFA)"
                type="number"
                inputMode="numeric"
                min={0}
                step={100}
                hint="Appliqué seulement quand le produit est en promotion."
                {...text('promoPrice')}
              />
            </div>
            <CheckboxField id={fieldId('onPromotion')} label="En promotion" checked={values.onPromotion} onChange={(e) => update({ onPromotion: e.target.checked })} />
            <TextField label="Matière" maxLength={500} {...text('material')} />
            <TextArea label="Entretien" rows={2} {...text('careInstructions')} />
            <CheckboxField id={fieldId('featured')} label="Mettre en vedette sur l’accueil" checked={values.featured} onChange={(e) => update({ featured: e.target.checked })} />
            <CheckboxField
              id={fieldId('active')}
              label="En vente (visible dans la boutique)"
              checked={values.active}
              onChange={(e) => update({ active: e.target.checked })}
            />
          </div>
        </TabPanel>

        <TabPanel id="images" current={tab} idPrefix={ids}>
          <ImagesField
            id={fieldId('images')}
            images={values.images}
            imageColors={values.imageColors}
            colors={parseColors(values.colorsText)}
            onChange={(images, imageColors) => update({ images, imageColors })}
            onUploadingChange={setUploading}
            error={errors.images ?? errors.imageColors}
          />
        </TabPanel>

        <TabPanel id="stock" current={tab} idPrefix={ids}>
          <div className={own.fields}>
            <TextField
              label="Couleurs"
              required
              hint="Séparées par des virgules, par exemple : noir, blanc, bleu marine."
              id={fieldId('colorsText')}
              name="colors"
              value={values.colorsText}
              error={errors.colors}
              onChange={(e) => update({ colorsText: e.target.value })}
            />
            {values.category === 'accessoire' ? (
              <p className={styles.muted}>Accessoire : taille unique, un stock par couleur.</p>
            ) : (
              <fieldset className={own.sizes} aria-describedby={errors.sizes ? `${fieldId('sizes')}-error` : undefined}>
                <legend>Tailles <span aria-hidden="true">*</span></legend>
                <div className={own.sizeList}>
                  {CLOTHING_SIZES.map((size, index) => (
                    <label key={size} className={own.sizeOption}>
                      <input
                        id={index === 0 ? fieldId('sizes') : undefined}
                        type="checkbox"
                        checked={values.sizes.includes(size)}
                        onChange={(e) =>
                          update({ sizes: e.target.checked ? [...values.sizes, size] : values.sizes.filter((s) => s !== size) })
                        }
                      />
                      {size}
                    </label>
                  ))}
                </div>
                {errors.sizes ? <p id={`${fieldId('sizes')}-error`} className={own.fieldError}>{errors.sizes}</p> : null}
              </fieldset>
            )}
            <div>
              <div className={own.stockHead}>
                <h3 className={own.subTitle}>Stock par couleur{values.category === 'accessoire' ? '' : ' et par taille'}</h3>
                {product ? <AdjustStockButton product={product} /> : null}
              </div>
              {product ? (
                <>
                  <StockTable grid={values.stock} />
                  <p className={styles.muted}>{STOCK_BY_ADJUSTMENT}</p>
                </>
              ) : (
                <StockGridEditor grid={values.stock} onChange={(stock) => update({ stock })} />
              )}
              {errors.stock ? <p className={own.fieldError}>{errors.stock}</p> : null}
            </div>
            {product ? <WaitingAlerts productId={String(product.id)} /> : null}
          </div>
        </TabPanel>

        <div className={own.formActions}>
          {!changed ? <p className={styles.muted}>Aucune modification à enregistrer.</p> : null}
          {uploading ? <p className={styles.muted}>Envoi des images en cours…</p> : null}
          <Button type="submit" disabled={!changed || busy || uploading}>
            {busy ? 'Enregistrement…' : 'Enregistrer le produit'}
          </Button>
        </div>
      </form>
      {children}
    </section>
  )
}

function Tabs({ current, onChange, hasErrors, idPrefix }: { current: ProductTab; onChange: (tab: ProductTab) => void; hasErrors: (tab: ProductTab) => boolean; idPrefix: string }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([])
  // Arrow keys move between tabs (the WAI-ARIA tabs pattern).
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (!step) return
    event.preventDefault()
    const next = (index + step + TABS.length) % TABS.length
    onChange(TABS[next]!.id)
    refs.current[next]?.focus()
  }
  return (
    <div role="tablist" aria-label="Sections du produit" className={own.tabs}>
      {TABS.map((tab, index) => (
        <button
          key={tab.id}
          ref={(element) => {
            refs.current[index] = element
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${tab.id}`}
          aria-selected={current === tab.id}
          aria-controls={`${idPrefix}-panel-${tab.id}`}
          tabIndex={current === tab.id ? 0 : -1}
          className={current === tab.id ? `${own.tab} ${own.tabOn}` : own.tab}
          onClick={() => onChange(tab.id)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {tab.label}
          {hasErrors(tab.id) ? <span className={own.tabError} aria-label=" (à corriger)">!</span> : null}
        </button>
      ))}
    </div>
  )
}

/** Every panel stays mounted (hidden), so nothing typed is lost when switching tabs. */
function TabPanel({ id, current, idPrefix, children }: { id: ProductTab; current: ProductTab; idPrefix: string; children: ReactNode }) {
  return (
    <div
      role="tabpanel"
      id={`${idPrefix}-panel-${id}`}
      aria-labelledby={`${idPrefix}-tab-${id}`}
      hidden={current !== id}
      className={own.panel}
    >
      {children}
    </div>
  )
}

interface FieldProps {
  id: string
  label: string
  required?: boolean
  error?: string
}

/** A labelled control in the back office's look, its error tied to it. */
function Field({ id, label, required, error, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className={own.field}>
      <label htmlFor={id} className={own.label}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children}
      {error ? <p id={`${id}-error`} className={own.fieldError}>{error}</p> : null}
    </div>
  )
}

const errorProps = (id: string, error: string | undefined) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
})

function TextArea({ rows, value, onChange, name, ...field }: FieldProps & { rows: number; value: string; name: string; onChange: (e: { target: { value: string } }) => void }) {
  return (
    <Field {...field}>
      <textarea
        id={field.id}
        name={name}
        rows={rows}
        className={`${styles.input} ${own.textarea}`}
        value={value}
        required={field.required}
        {...errorProps(field.id, field.error)}
        onChange={onChange}
      />
    </Field>
  )
}

function Select({ value, disabled, onChange, options, ...field }: FieldProps & { value: string; disabled?: boolean; onChange: (value: string) => void; options: readonly { slug: string; label: string }[] }) {
  return (
    <Field {...field}>
      <select
        id={field.id}
        className={styles.input}
        value={value}
        disabled={disabled}
        required={field.required}
        {...errorProps(field.id, field.error)}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">Choisir…</option>
        {options.map((option) => (
          <option key={option.slug} value={option.slug}>{option.label}</option>
        ))}
      </select>
    </Field>
  )
}
