import { useEffect, useId, useState } from 'react'
import styles from './admin.module.css'
import { useDebouncedValue } from './use-debounced-value'

/** The product search waits 500 ms after the last key; the other lists do the same. */
export const SEARCH_DEBOUNCE_MS = 500

interface SearchInputProps {
  label: string
  placeholder?: string
  /** The search in the address. */
  value: string
  /** Called with the trimmed text once typing has paused. */
  onSearch: (value: string) => void
}

/** A search box that asks the server only once the admin stops typing. */
export function SearchInput({ label, placeholder, value, onSearch }: SearchInputProps) {
  const id = useId()
  const [text, setText] = useState(value)
  const settled = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS)

  useEffect(() => {
    if (settled !== value) onSearch(settled)
    // Only a settled text triggers a search, not a change of the address.
  }, [settled])

  // The address changed by itself (back button, a link): the box follows.
  useEffect(() => {
    if (value !== settled) setText(value)
  }, [value])

  return (
    <label className={styles.control} htmlFor={id}>
      {label}
      <input
        id={id}
        type="search"
        className={styles.input}
        value={text}
        placeholder={placeholder}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          // Enter searches at once.
          if (event.key === 'Enter' && text.trim() !== value) onSearch(text.trim())
        }}
      />
    </label>
  )
}
