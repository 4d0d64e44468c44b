/** Starts a promise and keeps its outcome, so fake timers can run before a test looks. */
export function settle<T>(promise: Promise<T>) {
  const outcome: { value?: T; error?: unknown; done: boolean } = { done: false }
  promise.then(
    (value) => Object.assign(outcome, { value, done: true }),
    (error) => Object.assign(outcome, { error, done: true }),
  )
  return outcome
}
