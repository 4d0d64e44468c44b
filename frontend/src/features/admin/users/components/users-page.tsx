import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ButtonLink } from '@/components/ui/button'
import { useConfirm } from '@/components/ui/confirm'
import { PageSpinner } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import { formatDate } from '@/lib/format'
import { formatPhone } from '@/lib/phone'
import { usePageMeta } from '@/lib/seo'
import { adminErrorMessage } from '../../common/admin-error'
import { AdminPagination } from '../../common/admin-pagination'
import styles from '../../common/admin.module.css'
import { withParams } from '../../common/list-params'
import { LoadError, PageHeader } from '../../common/page-header'
import { SearchInput } from '../../common/search-input'
import { useErrorToast } from '../../common/use-error-toast'
import { useAdminUsers } from '../api/get-users'
import { useDeleteUser, useSetUserActive } from '../api/user-mutations'
import { ROLE_LABELS, ROLES, type AdminUser } from '../api/user-schema'
import { userFiltersOf, usersQueryOf } from '../user-filters'
import { ResetLinkModal } from './reset-link-modal'

export const USERS_LOAD_FAILED = 'Erreur lors du chargement des utilisateurs'
export const NO_USERS = 'Aucun utilisateur trouvé'
export const USER_ACTIVATED = 'Utilisateur activé'
export const USER_DEACTIVATED = 'Utilisateur désactivé'
export const USER_STATUS_FAILED = "Erreur lors de la mise à jour du statut de l'utilisateur"
export const USER_DELETED = 'Utilisateur supprimé avec succès'
export const USER_DELETE_FAILED = "Erreur lors de la suppression de l'utilisateur"

/** Seed 001 §5: the same confirmation as for a product. */
export const deleteUserConfirmation = (name: string) =>
  `Êtes-vous sûr de vouloir supprimer "${name}" ? Cette action est irréversible.`

const fullName = (user: AdminUser) => `${user.firstName} ${user.lastName}`.trim()

/**
 * /admin/users: 7 columns, search, role and status filters, 10 a page.
 * `currentUserId` is the admin using the page: no deactivate button on their own row.
 */
export function UsersPage({ currentUserId }: { currentUserId: string | null }) {
  usePageMeta({ title: 'Utilisateurs – Administration', noindex: true })
  const [params, setParams] = useSearchParams()
  const filters = userFiltersOf(params)
  const users = useAdminUsers(usersQueryOf(filters))
  const loadError = adminErrorMessage(users.error, USERS_LOAD_FAILED)
  useErrorToast(users.isError, users.errorUpdatedAt, loadError)
  const [resetFor, setResetFor] = useState<AdminUser | null>(null)

  const change = (changes: Record<string, string | null>, replace = false) => setParams(withParams(params, changes), { replace })

  let content
  if (users.isPending) {
    content = <PageSpinner label="Chargement des utilisateurs…" />
  } else if (users.isError) {
    content = <LoadError message={loadError} onRetry={() => void users.refetch()} />
  } else if (users.data.data.length === 0) {
    content = <p className={`${styles.panel} ${styles.empty}`}>{NO_USERS}</p>
  } else {
    const { data: list, pagination } = users.data
    content = (
      <>
        <p className={styles.count} aria-live="polite">
          {pagination.totalItems} utilisateur{pagination.totalItems > 1 ? 's' : ''}
        </p>
        <UsersTable users={list} currentUserId={currentUserId} onResetLink={setResetFor} />
        <AdminPagination page={pagination.page} totalPages={pagination.totalPages} />
      </>
    )
  }

  return (
    <section className={styles.page} aria-busy={users.isFetching || undefined}>
      <PageHeader
        title="Utilisateurs"
        subtitle="Comptes clients et administrateurs."
        actions={<ButtonLink to="/admin/users/new">Nouvel utilisateur</ButtonLink>}
      />
      <div className={styles.toolbar}>
        <SearchInput label="Rechercher" placeholder="Nom, e-mail ou téléphone" value={filters.search} onSearch={(search) => change({ search }, true)} />
        <label className={styles.control}>
          Rôle
          <select className={styles.input} value={filters.role} onChange={(e) => change({ role: e.target.value })}>
            <option value="">Tous les rôles</option>
            {ROLES.map((role) => (
              <option key={role} value={role}>{ROLE_LABELS[role]}</option>
            ))}
          </select>
        </label>
        <label className={styles.control}>
          Statut
          <select className={styles.input} value={filters.status} onChange={(e) => change({ status: e.target.value })}>
            <option value="">Tous</option>
            <option value="active">Actifs</option>
            <option value="inactive">Inactifs</option>
          </select>
        </label>
      </div>
      {content}
      {resetFor ? <ResetLinkModal user={resetFor} onClose={() => setResetFor(null)} /> : null}
    </section>
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

  const onDelete = async (user: AdminUser) => {
    const ok = await confirm({ title: "Supprimer l'utilisateur", text: deleteUserConfirmation(fullName(user)), confirmLabel: 'Supprimer' })
    if (!ok) return
    remove.mutate(user.id, {
      // A customer with orders is deactivated instead: the server's sentence says so.
      onSuccess: (result) => (result.deleted ? toast.success(USER_DELETED) : toast.warning(result.message)),
      onError: (error) => toast.error(adminErrorMessage(error, USER_DELETE_FAILED)),
    })
  }

  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Nom</th>
            <th scope="col">E-mail</th>
            <th scope="col">Téléphone</th>
            <th scope="col">Rôle</th>
            <th scope="col">Statut</th>
            <th scope="col">Créé le</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const self = currentUserId === user.id
            const name = fullName(user)
            return (
              <tr key={user.id}>
                <td data-label="Nom">
                  <span>
                    <Link to={`/admin/users/edit/${encodeURIComponent(user.id)}`} className={styles.link}>{name}</Link>
                    {self ? <span className={styles.muted}> (vous)</span> : null}
                    {user.passwordResetRequestedAt ? (
                      <>
                        <br />
                        <span className={`${styles.badge} ${styles.warn}`} title={`Demandé le ${formatDate(user.passwordResetRequestedAt, { withTime: true })}`}>
                          Mot de passe oublié
                        </span>
                      </>
                    ) : null}
                  </span>
                </td>
                <td data-label="E-mail"><a href={`mailto:${user.email}`} className={styles.link}>{user.email}</a></td>
                <td data-label="Téléphone">{formatPhone(user.phone) || '—'}</td>
                <td data-label="Rôle">
                  <span className={`${styles.badge} ${user.role === 'admin' ? styles.processing : styles.neutral}`}>{ROLE_LABELS[user.role]}</span>
                </td>
                <td data-label="Statut">
                  <span className={`${styles.badge} ${user.active ? styles.good : styles.bad}`}>{user.active ? 'Actif' : 'Inactif'}</span>
                </td>
                <td data-label="Créé le">{formatDate(user.createdAt)}</td>
                <td data-label="">
                  <div className={styles.rowActions}>
                    <Link to={`/admin/users/edit/${encodeURIComponent(user.id)}`} className={styles.iconButton} aria-label={`Modifier ${name}`}>
                      Modifier
                    </Link>
                    {self ? null : (
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
                    <button type="button" className={styles.iconButton} onClick={() => onResetLink(user)} aria-label={`Lien de réinitialisation pour ${name}`}>
                      Lien mot de passe
                    </button>
                    {/* Seed 001 §2: an administrator has no delete button. */}
                    {user.role === 'admin' ? null : (
                      <button
                        type="button"
                        className={`${styles.iconButton} ${styles.danger}`}
                        onClick={() => void onDelete(user)}
                        disabled={remove.isPending && remove.variables === user.id}
                        aria-label={`Supprimer ${name}`}
                      >
                        Supprimer
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
