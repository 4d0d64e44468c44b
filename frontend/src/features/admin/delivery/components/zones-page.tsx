// /admin/delivery: the delivery zones, their fees, delays, cash on delivery,
// communes and whether they are offered; a zone is edited on its own screen.
import { Link } from 'react-router'
import { ButtonLink } from '@/components/ui/button'
import { PageSpinner } from '@/components/ui/spinner'
import type { DeliveryZone } from '@/lib/delivery-zones'
import { formatPrice } from '@/lib/format'
import { usePageMeta } from '@/lib/seo'
import { adminErrorMessage } from '../../common/admin-error'
import { AdminTable, type Column } from '../../common/admin-table'
import styles from '../../common/admin.module.css'
import { DeleteButton } from '../../common/delete-button'
import { LoadError, PageHeader } from '../../common/page-header'
import { useErrorToast } from '../../common/use-error-toast'
import { useAdminZones, useDeleteZone } from '../api/zones'

export const ZONES_LOAD_FAILED = 'Erreur lors du chargement des zones de livraison'

const amount = (value: number | null, none: string) => (value === null ? none : formatPrice(value))

export function ZonesPage() {
  usePageMeta({ title: 'Zones de livraison – Administration', noindex: true })
  const zones = useAdminZones()
  const remove = useDeleteZone()
  const loadError = adminErrorMessage(zones.error, ZONES_LOAD_FAILED)
  useErrorToast(zones.isError, zones.errorUpdatedAt, loadError)

  const columns: Column<DeliveryZone>[] = [
    {
      header: 'Zone',
      cell: (zone) => (
        <>
          <Link to={`/admin/delivery/edit/${encodeURIComponent(zone.code)}`} className={styles.link}>{zone.name}</Link>
          <br />
          <span className={styles.muted}>{zone.code}</span>
        </>
      ),
    },
    { header: 'Tarif', numeric: true, cell: (zone) => formatPrice(zone.fee) },
    { header: 'Express', numeric: true, cell: (zone) => amount(zone.expressFee, 'Non proposée') },
    { header: 'Offerte dès', numeric: true, cell: (zone) => amount(zone.freeFrom, 'Jamais') },
    { header: 'Délai', cell: (zone) => (zone.expressDelay ? `${zone.delay} · express ${zone.expressDelay}` : zone.delay) },
    { header: 'Paiement à la livraison', cell: (zone) => (zone.cashOnDelivery ? 'Oui' : 'Non') },
    { header: 'Communes', numeric: true, cell: (zone) => zone.communes.length },
    {
      header: 'Statut',
      cell: (zone) => <span className={`${styles.badge} ${zone.active ? styles.good : styles.neutral}`}>{zone.active ? 'Active' : 'Inactive'}</span>,
    },
    {
      header: 'Actions',
      hideHeader: true,
      label: '',
      cell: (zone) => (
        <div className={styles.rowActions}>
          <Link to={`/admin/delivery/edit/${encodeURIComponent(zone.code)}`} className={styles.iconButton} aria-label={`Modifier ${zone.name}`}>
            Modifier
          </Link>
          <DeleteButton
            id={zone.code}
            name={zone.name}
            mutation={remove}
            texts={{ title: 'Supprimer la zone', deleted: 'Zone supprimée.', failed: 'Erreur lors de la suppression de la zone' }}
          />
        </div>
      ),
    },
  ]

  return (
    <section className={styles.page}>
      <PageHeader
        title="Zones de livraison"
        subtitle="Les frais, délais et communes que voient les clients. Une commande garde les frais payés."
        actions={<ButtonLink to="/admin/delivery/new">Nouvelle zone</ButtonLink>}
      />
      {zones.isPending ? (
        <PageSpinner label="Chargement des zones…" />
      ) : zones.isError ? (
        <LoadError message={loadError} onRetry={() => void zones.refetch()} />
      ) : zones.data.length === 0 ? (
        <p className={`${styles.panel} ${styles.empty}`}>Aucune zone de livraison : les clients ne peuvent choisir que le retrait en boutique.</p>
      ) : (
        <AdminTable items={zones.data} columns={columns} rowKey={(zone) => zone.code} />
      )}
    </section>
  )
}
