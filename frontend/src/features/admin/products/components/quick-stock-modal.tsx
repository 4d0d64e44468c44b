import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import { useToast } from '@/components/ui/toast'
import { adminErrorMessage } from '../../common/admin-error'
import type { AdminProduct } from '../api/product-schema'
import { useUpdateStock } from '../api/save-product'
import { changedVariants, gridSizes, sameGrid, shapeGrid } from '../stock-grid'
import { StockGridEditor } from './stock-grid-editor'

export const STOCK_UPDATED = 'Stock mis à jour avec succès'
export const STOCK_UPDATE_FAILED = 'Erreur lors de la mise à jour du stock'

/** The stock of one product, edited from the list without opening the whole form. */
export function QuickStockModal({ product, onClose }: { product: AdminProduct; onClose: () => void }) {
  const [initial] = useState(() => shapeGrid(product.colors, gridSizes(product.category, product.sizes), product.stock))
  const [grid, setGrid] = useState(initial)
  const update = useUpdateStock()
  const toast = useToast()
  const changed = !sameGrid(initial, grid)

  const save = () => {
    update.mutate(
      // Only what changed: a sale made meanwhile on another variant is not overwritten.
      { id: product.id, stock: changedVariants(initial, grid) },
      {
        onSuccess: () => {
          toast.success(STOCK_UPDATED)
          onClose()
        },
        onError: (error) => toast.error(adminErrorMessage(error, STOCK_UPDATE_FAILED)),
      },
    )
  }

  return (
    <Modal
      open
      size="wide"
      onClose={onClose}
      title={`Stock – ${product.name}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>Annuler</Button>
          <Button onClick={save} disabled={!changed || update.isPending}>
            {update.isPending ? 'Enregistrement…' : 'Enregistrer le stock'}
          </Button>
        </>
      }
    >
      <StockGridEditor grid={grid} onChange={setGrid} disabled={update.isPending} />
    </Modal>
  )
}
