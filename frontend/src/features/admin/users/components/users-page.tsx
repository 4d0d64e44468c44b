import { useState } from 'react'
import { Link } from 'react-router'
import { ButtonLink } from '@/components/ui/button'
import { useConfirm } from '@/components/ui/confirm'
import { useToast } from '@/components/ui/toast'
import { formatDate } from '@/lib/format'
import { formatPhone } from '@/lib/phone'
import { usePageMeta } from '@/lib/seo'
import { adminErrorMessage } from '../../common/admin-error'
import { AdminListPage, FilterSelect, useListParams } from '../../common/admin-list'
import styles from '../../common/admin.module.css'
import { AdminTable, type Column } from '../../common/admin-table'
import { DeleteButton } from '../../common/delete-button'
import { useAdminUsers } from '../api/get-users'
import { useDeleteUser, useSetUserActive } from '../api/user-mutations'
import { ROLE_LABELS, ROLES, type AdminUser } from '../api/user-schema'
import { userFiltersOf, usersQueryOf } from '../user-filters'
import { NewsletterExportButton } from './newsletter-export'
import { ResetLinkModal } from './reset-link-modal'

export const USERS_LOAD_FAILED = 'Erreur lors du chargement des utilisateurs'
export const NO_USERS = 'Aucun utilisateur trouvé'
export const USER_ACTIVATED = 'Utilisateur activé'
export const USER_DEACTIVATED = 'Utilisateur désactivé'
export const USER_STATUS_FAILED = "Erreur lors de la mise à jour du statut de l'utilisateur"
export const USER_DELETED = 'Utilisateur supprimé avec succès'
export const USER_DELETE_FAILED = "Erreur lors de la suppression de l'utilisateur"

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))
const STATUS_OPTIONS = [
  { value: 'active', label: 'Actifs' },
  { value: 'inactive', label: 'Inactifs' },
]
/** The same confirmation as for a product. */
const DELETE_TEXTS = { title: "Supprimer l'utilisateur", deleted: USER_DELETED, failed: USER_DELETE_FAILED }

const fullName = (user: AdminUser) => `${user.firstName} ${user.lastName}`.trim()
const editHref = (user: AdminUser) => `/admin/users/edit/${encodeURIComponent(user.id)}`

/**
 * /admin/users: 7 columns, search, role and status filters, 10 a page.
 * `currentUserId` is the admin using the page: no deactivate button on their own row.
 */
export function UsersPage({ currentUserId }: { currentUserId: string | null }) {
  usePageMeta({ title: 'Utilisateurs – Administration', noindex: true })
  const { params, change } = useListParams()
  const filters = userFiltersOf(params)
  const users = useAdminUsers(usersQueryOf(filters))
  const [resetFor, setResetFor] = useState<AdminUser | null>(null)

  return (
    <AdminListPage
      title="Utilisateurs"
      subtitle="Comptes clients et administrateurs."
      actions={
        <>
          <NewsletterExportButton />
          <ButtonLink to="/admin/users/new">Nouvel utilisateur</ButtonLink>
        </>
      }
      list={users}
      search={{ placeholder: 'Nom, e-mail ou téléphone', value: filters.search }}
      filters={
        <>
          <FilterSelect label="Rôle" value={filters.role} anyLabel="Tous les rôles" options={ROLE_OPTIONS} onChange={(role) => change({ role })} />
          <FilterSelect label="Statut" value={filters.status} anyLabel="Tous" options={STATUS_OPTIONS} onChange={(status) => change({ status })} />
        </>
      }
      texts={{ loading: 'Chargement des utilisateurs…', loadFailed: USERS_LOAD_FAILED, empty: NO_USERS, itemName: 'utilisateur' }}
      table={(list) => <UsersTable users={list} currentUserId={currentUserId} onResetLink={setResetFor} />}
    >
      {resetFor ? <ResetLinkModal user={resetFor} onClose={() => setResetFor(null)} /> : null}
    </AdminListPage>
  )
}

function UsersTable({ users, currentUserId, onResetLink }: { users: AdminUser[]; currentUserId: string | null; onResetLink: (user: AdminUser) => void }) {
  const setActive = useSetUserActive()
  const remove = useDeleteUser()
  const confirm = useConfirm()
  const toast = useToast()

  const toggle = async (user: AdminUser) => {
    if (user.active) {
      const ok = await confirm({
        title: 'Désactiver le compte',
        text: `${fullName(user)} ne pourra plus se connecter et sera déconnecté(e) tout de suite.`,
        confirmLabel: 'Désactiver',
      })
      if (!ok) return
    }
    setActive.mutate(
      { id: user.id, active: !user.active },
      {
        onSuccess: (saved) => toast.success(saved.active ? USER_ACTIVATED : USER_DEACTIVATED),
        onError: (error) => toast.error(adminErrorMessage(error, USER_STATUS_FAILED)),
      },
    )
  }

  const columns: Column<AdminUser>[] = [
    {
      header: 'Nom',
      cell: (user) => (
        <span>
          <Link to={editHref(user)} className={styles.link}>{fullName(user)}</Link>
          {currentUserId === user.id ? <span className={styles.muted}> (vous)</span> : null}
          {user.passwordResetRequestedAt ? (
            <>
              <br />
              <span className={`${styles.badge} ${styles.warn}`} title={`Demandé le ${formatDate(user.passwordResetRequestedAt, { withTime: true })}`}>
                Mot de passe oublié
              </span>
            </>
          ) : null}
        </span>
      ),
    },
    { header: 'E-mail', cell: (user) => <a href={`mailto:${user.email}`} className={styles.link}>{user.email}</a> },
    { header: 'Téléphone', cell: (user) => formatPhone(user.phone) || '—' },
    {
      header: 'Rôle',
      cell: (user) => (
        <span className={`${styles.badge} ${user.role === 'admin' ? styles.processing : styles.neutral}`}>{ROLE_LABELS[user.role]}</span>
      ),
    },
    {
      header: 'Statut',
      cell: (user) => <span className={`${styles.badge} ${user.active ? styles.good : styles.bad}`}>{user.active ? 'Actif' : 'Inactif'}</span>,
    },
    { header: 'Créé le', cell: (user) => formatDate(user.createdAt) },
    {
      header: 'Actions',
      label: '',
      cell: (user) => {
        const name = fullName(user)
        return (
          <div className={styles.rowActions}>
            <Link to={editHref(user)} className={styles.iconButton} aria-label={`Modifier ${name}`}>
              Modifier
            </Link>
            {currentUserId === user.id ? null : (
              <button
                type="button"
                className={styles.iconButton}
                onClick={() => void toggle(user)}
                disabled={setActive.isPending && setActive.variables?.id === user.id}
                aria-label={`${user.active ? 'Désactiver' : 'Activer'} ${name}`}
              >
                {user.active ? 'Désactiver' : 'Activer'}
              </button>
            )}
            <button type="button" className={styles.iconButton} onClick={() => onResetLink(user)} aria-label={`Lien mot de passe pour ${name}`}>
              Lien mot de passe
            </button>
            {/* An administrator has no delete button (docs/rules.md#accounts). */}
            {user.role === 'admin' ? null : <DeleteButton id={user.id} name={name} mutation={remove} texts={DELETE_TEXTS} />}
          </div>
        )
      },
    },
  ]
  return <AdminTable items={users} columns={columns} rowKey={(user) => user.id} />
}
