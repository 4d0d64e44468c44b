// The product page's body: gallery, choice of colour, size and quantity, add
// to cart, and the Description / Détails / Livraison tabs.
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { lineLimit, MISSING_CHOICE_MESSAGE } from '@/config/cart'
import { categoryLabel, categoryPath, subcategoryLabel, subcategoryPath } from '@/config/catalog'
import { colorLabel, colorSwatch } from '@/config/colors'
import { formatPrice } from '@/lib/format'
import { cheapestFee, lowestFreeFrom, useDeliveryZones, zoneTerms } from '@/lib/delivery-zones'
import type { Product } from '../api/product-schema'
import {
  availableSizes,
  changeQuantity,
  colorStock,
  droppedSize,
  hasSingleSize,
  initialSelection,
  pictureForColor,
  picturesForColor,
  selectColor,
  selectSize,
  selectionStock,
  type Selection,
} from '../product-options'
import { BackInStock } from './back-in-stock'
import { ProductGallery } from './product-gallery'
import { DiscountBadge, ProductPrice } from './product-price'
import { ProductTabs } from './product-tabs'
import chip from '@/components/ui/choice-chip.module.css'
import styles from './product-detail.module.css'

export const SOLD_OUT = 'Épuisé'
export const IN_STOCK = 'En stock'
export const stockAvailableLabel = (n: number) => `Stock disponible (${n})`
export const sizeUnavailableMessage = (size: string, color: string) =>
  `La taille ${size} n’est pas disponible en ${color} : choisissez une autre taille.`

/** What the page hands to the cart (the cart feature's `addToCart` takes exactly this). */
export interface CartItemRequest {
  productId: string | number
  name: string
  slug: string
  image: string
  price: number
  promoPrice?: number | null
  quantity: number
  size: string
  color: string
  stock: number
}

export interface ProductDetailProps {
  product: Product
  onAddToCart: (item: CartItemRequest) => Promise<unknown>
}

export function ProductDetail({ product, onAddToCart }: ProductDetailProps) {
  const [selection, setSelection] = useState<Selection>(() => initialSelection(product))
  // An index into the chosen colour's gallery (its pictures first): a new colour starts at its first.
  const [imageIndex, setImageIndex] = useState(0)
  const [draftQuantity, setDraftQuantity] = useState<string | null>(null)
  const [adding, setAdding] = useState(false)
  // What the size choice has to say: the size asked for at « Ajouter au panier », or the one a colour change cleared.
  const [sizeNote, setSizeNote] = useState<string | null>(null)
  const ids = useId()
  // The delivery zones are the server's (the rule checkout applies).
  const zones = useDeliveryZones().data ?? []
  const from = cheapestFee(zones)
  const freeFrom = lowestFreeFrom(zones)

  const singleSize = hasSingleSize(product)
  const sizes = availableSizes(product, selection.color)
  const sizeMissing = selection.size === undefined
  // Before a size is chosen, the colour's best-stocked size: « Épuisé » only when the colour has none.
  const stock = selectionStock(product, selection)
  const soldOut = stock <= 0
  const canAdd = !soldOut && selection.color !== undefined && selection.quantity >= 1

  function chooseColor(color: string) {
    const next = selectColor(product, selection, color)
    const dropped = droppedSize(product, selection, next)
    setSelection(next)
    setDraftQuantity(null)
    setSizeNote(dropped === undefined ? null : sizeUnavailableMessage(dropped, colorLabel(color)))
    setImageIndex(0)
  }

  async function add() {
    if (!canAdd || adding || selection.color === undefined) return
    // The button stays usable without a size so that the tap can say what is missing.
    if (selection.size === undefined) return setSizeNote(MISSING_CHOICE_MESSAGE)
    setAdding(true)
    try {
      await onAddToCart({
        productId: product.id,
        name: product.name,
        slug: product.slug,
        image: pictureForColor(product, selection.color),
        price: product.price,
        promoPrice: product.onPromotion ? product.promoPrice : undefined,
        quantity: selection.quantity,
        size: selection.size,
        color: selection.color,
        stock,
      })
    } finally {
      setAdding(false)
    }
  }

  const pictures = picturesForColor(product, selection.color)
  const category = categoryLabel(product.category)
  const subcategory = subcategoryLabel(product.subcategory)

  return (
    <div className={`container ${styles.page}`}>
      <nav aria-label="Fil d’Ariane" className={styles.breadcrumb}>
        <ol>
          <li><Link to="/">Accueil</Link></li>
          <li><Link to={categoryPath(product.category)}>{category}</Link></li>
          <li><Link to={subcategoryPath(product.category, product.subcategory)}>{subcategory}</Link></li>
          <li aria-current="page">{product.name}</li>
        </ol>
      </nav>

      <div className={styles.layout}>
        <ProductGallery
          name={product.name}
          images={pictures.map((picture) => picture.url)}
          index={imageIndex}
          onSelect={setImageIndex}
          labels={pictures.map((picture) => (picture.color === null ? undefined : colorLabel(picture.color)))}
        />

        <div className={styles.info}>
          <h1 className={styles.name}>{product.name}</h1>
          <div className={styles.priceRow}>
            <ProductPrice product={product} large />
            <DiscountBadge product={product} />
          </div>
          {product.shortDescription ? <p className={styles.short}>{product.shortDescription}</p> : null}

          {product.colors.length > 0 ? (
            <fieldset className={styles.choice}>
              <legend className={styles.legend}>
                Couleur : <strong>{selection.color ? colorLabel(selection.color) : '—'}</strong>
              </legend>
              <div className={styles.colors}>
                {product.colors.map((color) => {
                  const swatch = colorSwatch(color)
                  const empty = colorStock(product, color) === 0
                  return (
                    <label key={color} className={`${styles.color} ${swatch ? '' : styles.colorText} ${empty ? styles.empty : ''}`} title={colorLabel(color)}>
                      <input
                        type="radio"
                        name={`${ids}-color`}
                        value={color}
                        checked={selection.color === color}
                        onChange={() => chooseColor(color)}
                      />
                      {swatch ? (
                        <>
                          <span className={styles.swatch} style={{ background: swatch }} aria-hidden="true" />
                          <span className="visually-hidden">{colorLabel(color)}{empty ? ` (${SOLD_OUT.toLowerCase()})` : ''}</span>
                        </>
                      ) : (
                        <span className={styles.colorName}>{colorLabel(color)}{empty ? <span className="visually-hidden"> ({SOLD_OUT.toLowerCase()})</span> : null}</span>
                      )}
                    </label>
                  )
                })}
              </div>
            </fieldset>
          ) : null}

          {!singleSize ? (
            <fieldset className={styles.choice} aria-describedby={sizeNote ? `${ids}-size-note` : undefined}>
              <legend className={styles.legend}>Taille</legend>
              {sizes.length > 0 ? (
                <div className={styles.sizes}>
                  {sizes.map((size) => (
                    <label key={size} className={chip.chip}>
                      <input
                        type="radio"
                        name={`${ids}-size`}
                        value={size}
                        checked={selection.size === size}
                        onChange={() => {
                          setSelection((current) => selectSize(product, current, size))
                          setDraftQuantity(null)
                          setSizeNote(null)
                        }}
                      />
                      <span>{size}</span>
                    </label>
                  ))}
                </div>
              ) : (
                <p className={styles.none}>Aucune taille disponible dans cette couleur.</p>
              )}
              {/* Always in the page, so that what comes into it is read out. */}
              <p id={`${ids}-size-note`} className={styles.sizeNote} aria-live="polite">
                {sizeNote}
              </p>
            </fieldset>
          ) : null}

          <div className={styles.buy}>
            <div className={styles.quantity}>
              <label htmlFor={`${ids}-quantity`} className={styles.legend}>Quantité</label>
              <div className={styles.stepper}>
                <button
                  type="button"
                  aria-label="Diminuer la quantité"
                  disabled={soldOut || selection.quantity <= 1}
                  onClick={() => {
                    setSelection((current) => changeQuantity(product, current, current.quantity - 1))
                    setDraftQuantity(null)
                  }}
                >
                  −
                </button>
                <input
                  id={`${ids}-quantity`}
                  type="number"
                  inputMode="numeric"
                  min={soldOut ? 0 : 1}
                  max={lineLimit(stock)}
                  step={1}
                  value={draftQuantity ?? String(selection.quantity)}
                  disabled={soldOut}
                  onChange={(event) => {
                    const text = event.currentTarget.value
                    // An emptied field is left empty while typing; leaving it restores the quantity.
                    if (text.trim() === '') return setDraftQuantity('')
                    setDraftQuantity(null)
                    setSelection((current) => changeQuantity(product, current, text))
                  }}
                  onBlur={() => setDraftQuantity(null)}
                />
                <button
                  type="button"
                  aria-label="Augmenter la quantité"
                  disabled={soldOut || selection.quantity >= lineLimit(stock)}
                  onClick={() => {
                    setSelection((current) => changeQuantity(product, current, current.quantity + 1))
                    setDraftQuantity(null)
                  }}
                >
                  +
                </button>
              </div>
            </div>
            <p className={soldOut ? styles.soldOut : styles.inStock} aria-live="polite">
              {soldOut ? SOLD_OUT : sizeMissing ? IN_STOCK : stockAvailableLabel(stock)}
            </p>
          </div>

          {/* While adding, the button stays enabled (aria-disabled, add() ignores the press): a
              disabled button drops the keyboard's focus, and the cart drawer would then give it
              back to nothing when it closes. */}
          <Button block className={styles.add} disabled={!canAdd} aria-disabled={adding || undefined} onClick={() => void add()}>
            {soldOut ? SOLD_OUT : adding ? 'Ajout en cours…' : 'Ajouter au panier'}
          </Button>

          <BackInStock key={selection.color} product={product} color={selection.color} />

          <p className={styles.promise}>
            {from !== null ? <>Livraison à partir de {formatPrice(from)} · </> : null}
            {freeFrom !== null ? <>offerte dès {formatPrice(freeFrom)} d’achat · </> : null}
            Paiement Wave ou à la livraison
          </p>
        </div>
      </div>

      <ProductTabs
        label="Informations sur le produit"
        tabs={[
          {
            id: 'description',
            label: 'Description',
            content: (product.description || product.shortDescription || 'Pas de description pour ce produit.')
              .split(/\n{2,}/)
              .map((paragraph, i) => <p key={i}>{paragraph}</p>),
          },
          {
            id: 'details',
            label: 'Détails',
            content: (
              <dl className={styles.details}>
                <dt>Matière</dt>
                <dd>{product.material || 'Non précisée'}</dd>
                <dt>Entretien</dt>
                <dd>{product.careInstructions || 'Non précisé'}</dd>
                <dt>Catégorie</dt>
                <dd>
                  <Link to={subcategoryPath(product.category, product.subcategory)}>{category} › {subcategory}</Link>
                </dd>
              </dl>
            ),
          },
          {
            id: 'delivery',
            label: 'Livraison',
            content: (
              <ul className={styles.delivery}>
                {/* The zones, fees and delays as the server (and /delivery) gives them. */}
                {zones.map((zone) => (
                  <li key={zone.code}>
                    <strong>{zone.name}</strong> : {zoneTerms(zone)}.
                  </li>
                ))}
                <li>Retrait en boutique : gratuit.</li>
                <li>
                  Les communes de chaque zone : <Link to="/delivery">voir la livraison</Link>.
                </li>
              </ul>
            ),
          },
        ]}
      />
    </div>
  )
}
