import { ResponsiveImage } from '@/components/ui/responsive-image'
import { PRODUCT_IMAGE_SIZES } from '@/config/first-paint'
import styles from './product-gallery.module.css'

export interface ProductGalleryProps {
  name: string
  images: string[]
  index: number
  onSelect: (index: number) => void
  /** The colour each picture shows (none: every colour), for the main picture's and the thumbnails' names. */
  labels?: (string | undefined)[]
}

/** The main picture (the page's LCP: eager, high priority) and a row of thumbnails. */
export function ProductGallery({ name, images, index, onSelect, labels = [] }: ProductGalleryProps) {
  const current = Math.min(Math.max(0, index), Math.max(0, images.length - 1))
  return (
    <div className={styles.gallery}>
      <div className={styles.main}>
        <ResponsiveImage
          // A new element per picture: the old one never lingers while the next file arrives.
          key={images[current] ?? 'none'}
          src={images[current]}
          alt={labels[current] ? `${name} – ${labels[current]}` : name}
          sizes={PRODUCT_IMAGE_SIZES}
          width={800}
          height={800}
          priority
        />
      </div>
      {images.length > 1 ? (
        <ul className={styles.thumbs} aria-label="Images du produit">
          {images.map((image, i) => (
            <li key={`${image}-${i}`}>
              <button
                type="button"
                className={styles.thumb}
                aria-label={`Voir l’image ${i + 1}${labels[i] ? ` (${labels[i]})` : ''}`}
                aria-pressed={i === current}
                onClick={() => onSelect(i)}
              >
                <ResponsiveImage src={image} alt="" sizes="80px" width={80} height={80} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
