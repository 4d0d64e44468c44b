// Behaviour shared by modal and drawer: Escape closes the top-most overlay only,
// focus moves inside and is kept there (Tab wraps), focus returns to the opener
// on close, and the page behind does not scroll.
import { useEffect, useRef, type RefObject } from 'react'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

// Open overlays, innermost last: Escape and Tab belong to the last one.
const stack: object[] = []
let lockedScrollCount = 0

function lockScroll() {
  if (lockedScrollCount++ === 0) document.body.style.overflow = 'hidden'
}
function unlockScroll() {
  if (--lockedScrollCount === 0) document.body.style.overflow = ''
}

export function useOverlay(
  open: boolean,
  containerRef: RefObject<HTMLElement | null>,
  onClose: () => void,
  initialFocusRef?: RefObject<HTMLElement | null>,
): void {
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose

  useEffect(() => {
    if (!open) return
    const token = {}
    stack.push(token)
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    lockScroll()

    const container = containerRef.current
    const first = initialFocusRef?.current ?? container?.querySelector<HTMLElement>(FOCUSABLE) ?? container
    first?.focus()

    function onKeyDown(event: KeyboardEvent) {
      if (stack[stack.length - 1] !== token) return
      if (event.key === 'Escape') {
        event.stopPropagation()
        onCloseRef.current()
        return
      }
      if (event.key !== 'Tab' || !container) return
      const focusable = Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE))
      if (focusable.length === 0) {
        event.preventDefault()
        return
      }
      const head = focusable[0]!
      const tail = focusable[focusable.length - 1]!
      if (event.shiftKey && (document.activeElement === head || !container.contains(document.activeElement))) {
        event.preventDefault()
        tail.focus()
      } else if (!event.shiftKey && document.activeElement === tail) {
        event.preventDefault()
        head.focus()
      }
    }
    document.addEventListener('keydown', onKeyDown)

    return () => {
      document.removeEventListener('keydown', onKeyDown)
      stack.splice(stack.indexOf(token), 1)
      unlockScroll()
      // The opener may be gone (e.g. a menu that closed): then focus stays where it is.
      if (opener?.isConnected) opener.focus()
    }
  }, [open, containerRef, initialFocusRef])
}
