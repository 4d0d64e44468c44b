import { useEffect, useState, type FormEvent, type RefObject } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { SearchIcon } from '@/components/ui/icons'
import styles from './header.module.css'

export function searchHref(text: string): string | null {
  const query = text.trim()
  return query ? `/products?search=${encodeURIComponent(query)}` : null
}

/** Header search: submits to /products?search=…; blank text does nothing. */
export function SearchForm({ inputRef, onSearched }: { inputRef?: RefObject<HTMLInputElement | null>; onSearched?: () => void }) {
  const navigate = useNavigate()
  const location = useLocation()
  const [text, setText] = useState('')

  // Show the running search while on its results; start empty elsewhere.
  useEffect(() => {
    const current = location.pathname === '/products' ? new URLSearchParams(location.search).get('search') : null
    setText(current ?? '')
  }, [location.pathname, location.search])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const href = searchHref(text)
    if (!href) {
      inputRef?.current?.focus()
      return
    }
    navigate(href)
    onSearched?.()
  }

  return (
    <form className={styles.searchForm} role="search" onSubmit={onSubmit}>
      <label htmlFor="site-search" className="visually-hidden">Rechercher des produits</label>
      <input
        ref={inputRef}
        id="site-search"
        className={styles.searchInput}
        type="search"
        name="search"
        placeholder="Rechercher un produit…"
        autoComplete="off"
        enterKeyHint="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className={styles.searchSubmit} aria-label="Lancer la recherche">
        <SearchIcon size={20} />
      </button>
    </form>
  )
}
