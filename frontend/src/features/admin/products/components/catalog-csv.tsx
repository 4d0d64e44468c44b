// The product list's Export and Import (docs/rules.md#catalogue-in-csv): the
// export is the whole catalogue, one row per variant; an import is first read
// by the server without writing (dry run) and shown, then confirmed.
import { useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import { useToast } from '@/components/ui/toast'
import { isApiError } from '@/lib/api-client'
import { adminErrorMessage } from '../../common/admin-error'
import { saveFile } from '../../common/save-file'
import styles from '../../common/admin.module.css'
import { downloadCatalogCsv, useImportCatalog, type ImportReport } from '../api/catalog-csv'

export const EXPORT_FAILED = "L'export du catalogue a échoué"
export const IMPORT_FAILED = "L'import du catalogue a échoué"
const CHANGE_LABELS = { created: 'Créé', updated: 'Modifié', unchanged: 'Inchangé' } as const

export function ExportCatalogButton() {
  const toast = useToast()
  const download = async () => {
    try {
      saveFile(await downloadCatalogCsv(), 'produits.csv')
    } catch (error) {
      toast.error(adminErrorMessage(error, EXPORT_FAILED))
    }
  }
  return <Button variant="secondary" onClick={() => void download()}>Exporter (CSV)</Button>
}

export function ImportCatalogButton() {
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<ImportReport | null>(null)
  const importing = useImportCatalog()
  const toast = useToast()

  const close = () => {
    setFile(null)
    setPreview(null)
    importing.reset()
    if (input.current) input.current.value = ''
  }

  const choose = (chosen: File | undefined) => {
    if (!chosen) return
    setFile(chosen)
    setPreview(null)
    importing.mutate({ file: chosen, dryRun: true }, { onSuccess: setPreview })
  }

  const confirm = () => {
    if (!file) return
    importing.mutate(
      { file, dryRun: false },
      {
        onSuccess: (report) => {
          toast.success(`Catalogue importé : ${report.created} créé(s), ${report.updated} modifié(s).`)
          close()
        },
      },
    )
  }

  const rows = isApiError(importing.error) ? importing.error.rows : []
  const changes = preview ? preview.created + preview.updated : 0
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        className="visually-hidden"
        id="catalog-import-file"
        aria-label="Fichier CSV du catalogue"
        tabIndex={-1}
        onChange={(event) => choose(event.target.files?.[0])}
      />
      <Button variant="secondary" onClick={() => input.current?.click()}>Importer (CSV)</Button>
      <Modal
        open={file !== null}
        onClose={close}
        title="Importer le catalogue"
        size="wide"
        footer={
          <>
            <Button variant="secondary" onClick={close}>Annuler</Button>
            <Button onClick={confirm} disabled={!preview || changes === 0 || importing.isPending}>
              {importing.isPending && preview ? 'Import…' : 'Confirmer l’import'}
            </Button>
          </>
        }
      >
        {importing.isPending && !preview ? <p>Lecture du fichier…</p> : null}
        {importing.isError ? (
          <div role="alert">
            <p>{adminErrorMessage(importing.error, IMPORT_FAILED)}</p>
            {rows.length > 0 ? (
              <table className={styles.table}>
                <thead><tr><th>Ligne</th><th>Colonne</th><th>Problème</th></tr></thead>
                <tbody>
                  {rows.map((row, i) => (
                    <tr key={i}><td>{row.row}</td><td>{row.column}</td><td>{row.message}</td></tr>
                  ))}
                </tbody>
              </table>
            ) : null}
          </div>
        ) : null}
        {preview ? (
          <div>
            <p role="status">
              Aperçu : {preview.created} produit(s) créé(s), {preview.updated} modifié(s), {preview.unchanged} inchangé(s).
              {changes === 0 ? ' Rien à importer.' : ' Rien n’est écrit avant votre confirmation.'}
            </p>
            <table className={styles.table}>
              <thead><tr><th>Produit</th><th>Slug</th><th>Changement</th></tr></thead>
              <tbody>
                {preview.products.map((product) => (
                  <tr key={product.slug}><td>{product.name}</td><td>{product.slug}</td><td>{CHANGE_LABELS[product.change]}</td></tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </Modal>
    </>
  )
}
