import { useEffect, useRef, useState, type ChangeEvent } from 'react'
import { useToast } from '@/components/ui/toast'
import { colorLabel } from '@/config/colors'
import { smallestImage } from '@/lib/image'
import { adminErrorMessage } from '../../common/admin-error'
import styles from '../../common/admin.module.css'
import { useUploadImages } from '../api/upload-images'
import { splitImageFiles } from '../image-files'
import own from './products.module.css'

export const INVALID_IMAGES = 'Certains fichiers ne sont pas des images valides'
export const UPLOAD_FAILED = 'Erreur lors du téléchargement des images'
/** The server keeps at most 12 pictures a product and takes 10 files a request. */
export const MAX_IMAGES = 12

/** What the colour select offers for a picture shown whatever colour the shopper chooses. */
export const EVERY_COLOR = 'Toutes les couleurs'

interface ImagesFieldProps {
  id: string
  images: string[]
  /** The colour each of `images` shows (null: every colour). */
  imageColors: (string | null)[]
  /** The product's colours, offered to each picture. */
  colors: string[]
  onChange: (images: string[], imageColors: (string | null)[]) => void
  onUploadingChange: (uploading: boolean) => void
  error?: string
}

interface Pending {
  key: string
  url: string
  name: string
}

/**
 * The product's pictures: chosen files are sent at once to POST
 * /api/upload/images (shown meanwhile from the device), then listed with the
 * server's URLs; each can be given one of the product's colours (the product
 * page shows a colour's pictures first), removed, or made the main picture.
 */
export function ImagesField({ id, images, imageColors, colors, onChange, onUploadingChange, error }: ImagesFieldProps) {
  const upload = useUploadImages()
  const toast = useToast()
  const [pending, setPending] = useState<Pending[]>([])
  const inputRef = useRef<HTMLInputElement>(null)
  // The latest list, for an upload that ends after other changes.
  const imagesRef = useRef({ images, imageColors })
  imagesRef.current = { images, imageColors }

  // Device previews are freed once their upload ends, and all of them when the form goes away.
  const pendingRef = useRef(pending)
  pendingRef.current = pending
  useEffect(() => () => pendingRef.current.forEach((p) => URL.revokeObjectURL(p.url)), [])

  const room = MAX_IMAGES - images.length - pending.length

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])]
    event.target.value = ''
    const { images: files, rejected } = splitImageFiles(chosen)
    // What is not an image is dropped, with a warning.
    if (rejected.length > 0) toast.warning(INVALID_IMAGES)
    const accepted = files.slice(0, Math.max(0, room))
    if (accepted.length < files.length) toast.warning(`${MAX_IMAGES} images au plus par produit.`)
    if (accepted.length === 0) return
    const previews = accepted.map((file, index) => ({ key: `${Date.now()}-${index}-${file.name}`, url: URL.createObjectURL(file), name: file.name }))
    setPending((current) => [...current, ...previews])
    onUploadingChange(true)
    upload.mutate(accepted, {
      // A new picture shows with every colour until one is chosen for it.
      onSuccess: (urls) => {
        const { images: latest, imageColors: latestColors } = imagesRef.current
        onChange([...latest, ...urls], [...latest.map((_, i) => latestColors[i] ?? null), ...urls.map(() => null)])
      },
      onError: (failure) => toast.error(adminErrorMessage(failure, UPLOAD_FAILED)),
      onSettled: () => {
        previews.forEach((p) => URL.revokeObjectURL(p.url))
        setPending((current) => current.filter((p) => !previews.some((done) => done.key === p.key)))
        onUploadingChange(false)
      },
    })
  }

  const pictures = images.map((url, i) => ({ url, color: imageColors[i] ?? null }))
  const save = (next: typeof pictures) => onChange(next.map((p) => p.url), next.map((p) => p.color))
  const remove = (url: string) => save(pictures.filter((picture) => picture.url !== url))
  const makeMain = (url: string) => save([...pictures.filter((p) => p.url === url), ...pictures.filter((p) => p.url !== url)])
  const paint = (url: string, color: string) => save(pictures.map((p) => (p.url === url ? { url, color: color || null } : p)))

  return (
    <div className={own.images}>
      <div className={own.dropzone}>
        <label htmlFor={id} className={styles.control}>
          Ajouter des images
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            disabled={room <= 0}
            onChange={onFiles}
            className={own.file}
            aria-describedby={`${id}-hint`}
          />
        </label>
        <p id={`${id}-hint`} className={styles.muted}>
          JPEG, PNG ou WebP, 10 Mo au plus chacune. La première image est l’image principale ; la fiche du produit montre d’abord les images de la couleur choisie.
        </p>
      </div>
      {error ? <p className={own.fieldError}>{error}</p> : null}
      {images.length === 0 && pending.length === 0 ? (
        <p className={styles.muted}>Aucune image : la boutique affichera une image par défaut.</p>
      ) : (
        <ul className={own.gallery} aria-label="Images du produit">
          {pictures.map(({ url, color }, index) => (
            <li key={url} className={own.picture}>
              <img src={smallestImage(url)} alt={`Image ${index + 1}`} width={160} height={160} loading="lazy" />
              {index === 0 ? <span className={own.mainBadge}>Principale</span> : null}
              <label className={styles.control}>
                {`Couleur de l’image ${index + 1}`}
                <select
                  className={`${styles.input} ${styles.small}`}
                  // A colour taken off the product leaves its pictures for every colour.
                  value={color !== null && colors.includes(color) ? color : ''}
                  onChange={(event) => paint(url, event.target.value)}
                >
                  <option value="">{EVERY_COLOR}</option>
                  {colors.map((name) => (
                    <option key={name} value={name}>{colorLabel(name)}</option>
                  ))}
                </select>
              </label>
              <div className={own.pictureActions}>
                {index > 0 ? (
                  <button type="button" className={styles.iconButton} onClick={() => makeMain(url)} aria-label={`Mettre l’image ${index + 1} en premier`}>
                    En premier
                  </button>
                ) : null}
                <button type="button" className={`${styles.iconButton} ${styles.danger}`} onClick={() => remove(url)} aria-label={`Retirer l’image ${index + 1}`}>
                  Retirer
                </button>
              </div>
            </li>
          ))}
          {pending.map((preview) => (
            <li key={preview.key} className={`${own.picture} ${own.uploading}`} aria-busy="true">
              <img src={preview.url} alt={`${preview.name} (envoi en cours)`} width={160} height={160} />
              <span className={own.mainBadge}>Envoi…</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
