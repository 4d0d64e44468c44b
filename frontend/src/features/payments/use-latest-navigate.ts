import { useRef } from 'react'
import { useNavigate, type NavigateFunction } from 'react-router'

/**
 * useNavigate's function changes with the location; timers and polling loops
 * that outlive a render call the latest one without restarting.
 */
export function useLatestNavigate(): NavigateFunction {
  const navigate = useNavigate()
  const latest = useRef(navigate)
  latest.current = navigate
  const stable = useRef<NavigateFunction>(((...args: Parameters<NavigateFunction>) =>
    (latest.current as (...a: Parameters<NavigateFunction>) => ReturnType<NavigateFunction>)(...args)) as NavigateFunction)
  return stable.current
}
