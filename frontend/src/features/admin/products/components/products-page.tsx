import { useState } from 'react'
import { Link } from 'react-router'
import { ButtonLink } from '@/components/ui/button'
import { CATEGORIES, categoryLabel, subcategoryLabel } from '@/config/catalog'
import { formatPrice } from '@/lib/format'
import { PERMISSIONS, useCan } from '@/lib/permissions'
import { smallestImage } from '@/lib/image'
import { usePageMeta } from '@/lib/seo'
import { AdminListPage, FilterSelect, useListParams } from '../../common/admin-list'
import styles from '../../common/admin.module.css'
import { AdminTable, type Column } from '../../common/admin-table'
import { DeleteButton } from '../../common/delete-button'
import { useAdminProducts } from '../api/get-products'
import type { AdminProduct } from '../api/product-schema'
import { useDeleteProduct } from '../api/save-product'
import { productFiltersOf, productsQueryOf, SORT_OPTIONS } from '../product-filters'
import { ExportCatalogButton, ImportCatalogButton } from './catalog-csv'
import own from './products.module.css'
import { StockAdjustModal } from './stock-adjust-modal'
import { StockBadge } from './stock-badge'

export const PRODUCTS_LOAD_FAILED = 'Erreur lors du chargement des produits'
export const PRODUCT_DELETED = 'Produit supprimé avec succès'
export const PRODUCT_DELETE_FAILED = 'Erreur lors de la suppression du produit'

const CATEGORY_OPTIONS = CATEGORIES.map((category) => ({ value: category.slug, label: category.label }))
const STOCK_OPTIONS = [
  { value: '0', label: 'Épuisé' },
  { value: 'low', label: 'Stock bas' },
  { value: 'in', label: 'En stock' },
]
const VISIBILITY_OPTIONS = [
  { value: 'active', label: 'En vente' },
  { value: 'inactive', label: 'Désactivés' },
]
const DELETE_TEXTS = { title: 'Supprimer le produit', deleted: PRODUCT_DELETED, failed: PRODUCT_DELETE_FAILED }

/**
 * /admin/products: every product, active or not, searched, filtered, sorted, 10 a page. Who may
 * only adjust stock (a seller) sees the same list without the catalogue's buttons: no new
 * product, import, export, edit or delete (the server refuses them anyway).
 */
export function ProductsPage() {
  usePageMeta({ title: 'Produits – Administration', noindex: true })
  const manages = useCan()(PERMISSIONS.manageProducts)
  const { params, change } = useListParams()
  const filters = productFiltersOf(params)
  const products = useAdminProducts(productsQueryOf(filters))
  const [stockOf, setStockOf] = useState<AdminProduct | null>(null)

  return (
    <AdminListPage
      title="Produits"
      subtitle={manages ? 'Catalogue, prix et stock.' : 'Quantités en stock, ajustées avec leur raison.'}
      actions={
        manages ? (
          <>
            <ExportCatalogButton />
            <ImportCatalogButton />
            <ButtonLink to="/admin/products/new">Nouveau produit</ButtonLink>
          </>
        ) : undefined
      }
      list={products}
      search={{ placeholder: 'Nom du produit', value: filters.search }}
      filters={
        <>
          <FilterSelect label="Catégorie" value={filters.category} anyLabel="Toutes" options={CATEGORY_OPTIONS} onChange={(category) => change({ category })} />
          <FilterSelect label="Stock" value={filters.stock} anyLabel="Tous" options={STOCK_OPTIONS} onChange={(stock) => change({ stock })} />
          <FilterSelect label="Visibilité" value={filters.status} anyLabel="Tous" options={VISIBILITY_OPTIONS} onChange={(status) => change({ status })} />
          <FilterSelect
            label="Trier par"
            value={filters.sort}
            anyLabel={filters.search ? 'Pertinence' : 'Plus récents'}
            options={SORT_OPTIONS.filter((option) => filters.search || option.value !== 'createdAt-desc')}
            onChange={(sort) => change({ sort })}
          />
        </>
      }
      texts={{ loading: 'Chargement des produits…', loadFailed: PRODUCTS_LOAD_FAILED, empty: 'Aucun produit trouvé', itemName: 'produit' }}
      table={(list) => <ProductsTable products={list} manages={manages} onEditStock={setStockOf} />}
    >
      {stockOf ? <StockAdjustModal product={stockOf} onClose={() => setStockOf(null)} /> : null}
    </AdminListPage>
  )
}

const editHref = (product: AdminProduct) => `/admin/products/edit/${encodeURIComponent(product.id)}`

function ProductsTable({ products, manages, onEditStock }: { products: AdminProduct[]; manages: boolean; onEditStock: (product: AdminProduct) => void }) {
  const remove = useDeleteProduct()
  const columns: Column<AdminProduct>[] = [
    {
      header: 'Produit',
      cell: (product) => (
        <span className={own.productCell}>
          <img src={smallestImage(product.images[0])} alt="" width={48} height={48} loading="lazy" className={own.thumb} />
          <span>
            <Link to={editHref(product)} className={styles.link}>{product.name}</Link>
            {product.featured ? <span className={styles.muted}> · En vedette</span> : null}
          </span>
        </span>
      ),
    },
    {
      header: 'Catégorie',
      cell: (product) => (
        <span>
          {categoryLabel(product.category)}
          <br />
          <span className={styles.muted}>{subcategoryLabel(product.subcategory)}</span>
        </span>
      ),
    },
    {
      header: 'Prix',
      numeric: true,
      cell: (product) =>
        product.onPromotion && product.promoPrice !== null && product.promoPrice !== undefined ? (
          <span>
            <strong>{formatPrice(product.promoPrice)}</strong>
            <br />
            <s className={styles.muted}>{formatPrice(product.price)}</s>
          </span>
        ) : (
          formatPrice(product.price)
        ),
    },
    {
      header: 'Stock',
      cell: (product) => (
        <span className={own.stockCell}>
          <span>{product.stockTotal}</span>
          <StockBadge status={product.stockStatus} />
        </span>
      ),
    },
    {
      header: 'Visibilité',
      cell: (product) => (
        <span className={`${styles.badge} ${product.active ? styles.good : styles.neutral}`}>
          {product.active ? 'En vente' : 'Désactivé'}
        </span>
      ),
    },
    {
      header: 'Actions',
      hideHeader: true,
      label: '',
      cell: (product) => (
        <div className={styles.rowActions}>
          {manages ? (
            <Link to={editHref(product)} className={styles.iconButton} aria-label={`Modifier ${product.name}`}>
              Modifier
            </Link>
          ) : null}
          <button type="button" className={styles.iconButton} onClick={() => onEditStock(product)} aria-label={`Modifier le stock de ${product.name}`}>
            Stock
          </button>
          {manages ? <DeleteButton id={product.id} name={product.name} mutation={remove} texts={DELETE_TEXTS} /> : null}
        </div>
      ),
    },
  ]
  return <AdminTable items={products} columns={columns} rowKey={(product) => product.id} />
}
