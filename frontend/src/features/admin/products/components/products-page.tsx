import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ButtonLink } from '@/components/ui/button'
import { useConfirm } from '@/components/ui/confirm'
import { PageSpinner } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import { CATEGORIES, categoryLabel, subcategoryLabel } from '@/config/catalog'
import { formatPrice } from '@/lib/format'
import { smallestImage } from '@/lib/image'
import { usePageMeta } from '@/lib/seo'
import { adminErrorMessage } from '../../common/admin-error'
import { AdminPagination } from '../../common/admin-pagination'
import styles from '../../common/admin.module.css'
import { withParams } from '../../common/list-params'
import { LoadError, PageHeader } from '../../common/page-header'
import { SearchInput } from '../../common/search-input'
import { useErrorToast } from '../../common/use-error-toast'
import { useAdminProducts } from '../api/get-products'
import type { AdminProduct } from '../api/product-schema'
import { useDeleteProduct } from '../api/save-product'
import { productFiltersOf, productsQueryOf, SORT_OPTIONS } from '../product-filters'
import own from './products.module.css'
import { QuickStockModal } from './quick-stock-modal'
import { StockBadge } from './stock-badge'

export const PRODUCTS_LOAD_FAILED = 'Erreur lors du chargement des produits'
export const PRODUCT_DELETED = 'Produit supprimé avec succès'
export const PRODUCT_DELETE_FAILED = 'Erreur lors de la suppression du produit'

/** Seed 001 §5: the confirmation of a deletion, product or user. */
export const deleteConfirmation = (name: string) =>
  `Êtes-vous sûr de vouloir supprimer "${name}" ? Cette action est irréversible.`

/** /admin/products: every product, active or not, searched, filtered, sorted, 10 a page. */
export function ProductsPage() {
  usePageMeta({ title: 'Produits – Administration', noindex: true })
  const [params, setParams] = useSearchParams()
  const filters = productFiltersOf(params)
  const products = useAdminProducts(productsQueryOf(filters))
  const loadError = adminErrorMessage(products.error, PRODUCTS_LOAD_FAILED)
  useErrorToast(products.isError, products.errorUpdatedAt, loadError)
  const [stockOf, setStockOf] = useState<AdminProduct | null>(null)

  const change = (changes: Record<string, string | null>, replace = false) => setParams(withParams(params, changes), { replace })

  let content
  if (products.isPending) {
    content = <PageSpinner label="Chargement des produits…" />
  } else if (products.isError) {
    content = <LoadError message={loadError} onRetry={() => void products.refetch()} />
  } else if (products.data.data.length === 0) {
    content = <p className={`${styles.panel} ${styles.empty}`}>Aucun produit trouvé</p>
  } else {
    const { data: list, pagination } = products.data
    content = (
      <>
        <p className={styles.count} aria-live="polite">
          {pagination.totalItems} produit{pagination.totalItems > 1 ? 's' : ''}
        </p>
        <ProductsTable products={list} onEditStock={setStockOf} />
        <AdminPagination page={pagination.page} totalPages={pagination.totalPages} />
      </>
    )
  }

  return (
    <section className={styles.page} aria-busy={products.isFetching || undefined}>
      <PageHeader
        title="Produits"
        subtitle="Catalogue, prix et stock."
        actions={<ButtonLink to="/admin/products/new">Nouveau produit</ButtonLink>}
      />
      <div className={styles.toolbar}>
        <SearchInput label="Rechercher" placeholder="Nom du produit" value={filters.search} onSearch={(search) => change({ search }, true)} />
        <label className={styles.control}>
          Catégorie
          <select className={styles.input} value={filters.category} onChange={(e) => change({ category: e.target.value })}>
            <option value="">Toutes</option>
            {CATEGORIES.map((category) => (
              <option key={category.slug} value={category.slug}>{category.label}</option>
            ))}
          </select>
        </label>
        <label className={styles.control}>
          Stock
          <select className={styles.input} value={filters.stock} onChange={(e) => change({ stock: e.target.value })}>
            <option value="">Tous</option>
            <option value="0">Épuisé</option>
            <option value="low">Stock bas</option>
            <option value="in">En stock</option>
          </select>
        </label>
        <label className={styles.control}>
          Visibilité
          <select className={styles.input} value={filters.status} onChange={(e) => change({ status: e.target.value })}>
            <option value="">Tous</option>
            <option value="active">En vente</option>
            <option value="inactive">Désactivés</option>
          </select>
        </label>
        <label className={styles.control}>
          Trier par
          <select className={styles.input} value={filters.sort} onChange={(e) => change({ sort: e.target.value })}>
            <option value="">{filters.search ? 'Pertinence' : 'Plus récents'}</option>
            {SORT_OPTIONS.filter((option) => filters.search || option.value !== 'createdAt-desc').map((option) => (
              <option key={option.value} value={option.value}>{option.label}</option>
            ))}
          </select>
        </label>
      </div>
      {content}
      {stockOf ? <QuickStockModal product={stockOf} onClose={() => setStockOf(null)} /> : null}
    </section>
  )
}

function ProductsTable({ products, onEditStock }: { products: AdminProduct[]; onEditStock: (product: AdminProduct) => void }) {
  const remove = useDeleteProduct()
  const confirm = useConfirm()
  const toast = useToast()

  const onDelete = async (product: AdminProduct) => {
    const ok = await confirm({ title: 'Supprimer le produit', text: deleteConfirmation(product.name), confirmLabel: 'Supprimer' })
    if (!ok) return
    remove.mutate(product.id, {
      // A product that orders name is deactivated instead: the server's sentence says so.
      onSuccess: (result) => (result.deleted ? toast.success(PRODUCT_DELETED) : toast.warning(result.message)),
      onError: (error) => toast.error(adminErrorMessage(error, PRODUCT_DELETE_FAILED)),
    })
  }

  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Produit</th>
            <th scope="col">Catégorie</th>
            <th scope="col" className={styles.num}>Prix</th>
            <th scope="col">Stock</th>
            <th scope="col">Visibilité</th>
            <th scope="col"><span className="visually-hidden">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => (
            <tr key={product.id}>
              <td data-label="Produit">
                <span className={own.productCell}>
                  <img src={smallestImage(product.images[0])} alt="" width={48} height={48} loading="lazy" className={own.thumb} />
                  <span>
                    <Link to={`/admin/products/edit/${encodeURIComponent(product.id)}`} className={styles.link}>{product.name}</Link>
                    {product.featured ? <span className={styles.muted}> · En vedette</span> : null}
                  </span>
                </span>
              </td>
              <td data-label="Catégorie">
                <span>
                  {categoryLabel(product.category)}
                  <br />
                  <span className={styles.muted}>{subcategoryLabel(product.subcategory)}</span>
                </span>
              </td>
              <td data-label="Prix" className={styles.num}>
                {product.onPromotion && product.promoPrice !== null && product.promoPrice !== undefined ? (
                  <span>
                    <strong>{formatPrice(product.promoPrice)}</strong>
                    <br />
                    <s className={styles.muted}>{formatPrice(product.price)}</s>
                  </span>
                ) : (
                  formatPrice(product.price)
                )}
              </td>
              <td data-label="Stock">
                <span className={own.stockCell}>
                  <span>{product.stockTotal}</span>
                  <StockBadge status={product.stockStatus} />
                </span>
              </td>
              <td data-label="Visibilité">
                <span className={`${styles.badge} ${product.active ? styles.good : styles.neutral}`}>
                  {product.active ? 'En vente' : 'Désactivé'}
                </span>
              </td>
              <td data-label="">
                <div className={styles.rowActions}>
                  <Link
                    to={`/admin/products/edit/${encodeURIComponent(product.id)}`}
                    className={styles.iconButton}
                    aria-label={`Modifier ${product.name}`}
                  >
                    Modifier
                  </Link>
                  <button type="button" className={styles.iconButton} onClick={() => onEditStock(product)} aria-label={`Modifier le stock de ${product.name}`}>
                    Stock
                  </button>
                  <button
                    type="button"
                    className={`${styles.iconButton} ${styles.danger}`}
                    onClick={() => void onDelete(product)}
                    disabled={remove.isPending && remove.variables === product.id}
                    aria-label={`Supprimer ${product.name}`}
                  >
                    Supprimer
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
