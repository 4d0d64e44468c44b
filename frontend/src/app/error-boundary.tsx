import { Component, type ErrorInfo, type ReactNode } from 'react'

interface Props {
  children: ReactNode
  /** Changing it (the path) clears the error: navigating away recovers. */
  resetKey: string
}

/**
 * Last resort for a render error or a page chunk that failed to download
 * (typically: a new version was deployed while the tab was open).
 */
export class ErrorBoundary extends Component<Props, { error: unknown; key: string }> {
  state = { error: null as unknown, key: this.props.resetKey }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; key: string }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack)
  }

  render() {
    if (!this.state.error) return this.props.children
    return (
      <div className="container" role="alert" style={{ padding: '3rem 1rem', textAlign: 'center' }}>
        <h1>Une erreur s'est produite</h1>
        <p>Rechargez la page ; si le problème persiste, revenez à l’accueil.</p>
        <p style={{ display: 'flex', gap: '1rem', justifyContent: 'center' }}>
          <button type="button" onClick={() => window.location.reload()}>Recharger la page</button>
          <a href="/">Retour à l’accueil</a>
        </p>
      </div>
    )
  }
}
