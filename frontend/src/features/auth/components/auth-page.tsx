import { useId, useRef, type KeyboardEvent } from 'react'
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router'
import { FormAlert } from '@/components/ui/form-field'
import { PageSpinner } from '@/components/ui/spinner'
import { landingAfterLogin } from '../redirect'
import { useSession } from '../session-store'
import styles from './auth.module.css'
import { LoginForm } from './login-form'
import { RegisterForm } from './register-form'

export const SESSION_EXPIRED_NOTICE = 'Votre session a expiré. Veuillez vous reconnecter.'

export type AuthTab = 'login' | 'register'

const TABS: { id: AuthTab; label: string; path: string }[] = [
  { id: 'login', label: 'Connexion', path: '/login' },
  { id: 'register', label: 'Inscription', path: '/register' },
]

export function authTabOf(pathname: string): AuthTab {
  return pathname.replace(/\/+$/, '') === '/register' ? 'register' : 'login'
}

/**
 * /login and /register: the two tabs. The tab follows the
 * address, so /register opens Inscription and a tab can be linked; the state
 * (where the shopper came from) and the query are kept when switching.
 */
export function AuthPage() {
  const location = useLocation()
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const session = useSession()
  const baseId = useId()
  const tabRefs = useRef<Partial<Record<AuthTab, HTMLButtonElement | null>>>({})
  const tab = authTabOf(location.pathname)

  if (session.status === 'authenticated') return <Navigate to={landingAfterLogin(session.user, location.state, searchParams)} replace />
  if (session.status === 'loading') return <PageSpinner />

  function select(next: AuthTab, focus = false) {
    if (focus) tabRefs.current[next]?.focus()
    if (next === tab) return
    const path = TABS.find((t) => t.id === next)!.path
    void navigate({ pathname: path, search: location.search }, { replace: true, state: location.state })
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight' || event.key === 'Home' || event.key === 'End') {
      event.preventDefault()
      const next = event.key === 'Home' ? 'login' : event.key === 'End' ? 'register' : tab === 'login' ? 'register' : 'login'
      select(next, true)
    }
  }

  const expired = searchParams.get('session') === 'expired'
  return (
    <div className={`container ${styles.page}`}>
      <div className={styles.card}>
        <h1 className={styles.title}>Espace client</h1>
        <p className={styles.lead}>
          {tab === 'login'
            ? 'Connectez-vous pour suivre vos commandes et commander plus vite.'
            : 'Créez votre compte en une minute.'}
        </p>
        {expired ? (
          <div className={styles.notice}>
            <FormAlert kind="info">{SESSION_EXPIRED_NOTICE}</FormAlert>
          </div>
        ) : null}
        <div role="tablist" aria-label="Connexion ou inscription" className={styles.tabs} onKeyDown={onKeyDown}>
          {TABS.map((t) => (
            <button
              key={t.id}
              ref={(element) => {
                tabRefs.current[t.id] = element
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls={`${baseId}-panel`}
              tabIndex={tab === t.id ? 0 : -1}
              className={styles.tab}
              onClick={() => select(t.id)}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${tab}`}>
          {tab === 'login' ? <LoginForm /> : <RegisterForm />}
        </div>
      </div>
    </div>
  )
}
