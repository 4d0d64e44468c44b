import { useRef } from 'react'
import { useNavigate, type NavigateFunction, type NavigateOptions, type To } from 'react-router'

/**
 * useNavigate's function changes with the location; timers and polling loops
 * that outlive a render call the latest one through this stable function.
 */
export function useLatestNavigate(): NavigateFunction {
  const navigate = useNavigate()
  const latest = useRef(navigate)
  latest.current = navigate
  const stable = useRef(((to: To | number, options?: NavigateOptions) =>
    typeof to === 'number' ? latest.current(to) : latest.current(to, options)) as NavigateFunction)
  return stable.current
}
