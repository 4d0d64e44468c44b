import { setupServer } from 'msw/node'

/** MSW server for component tests; each test adds the handlers it needs. */
export const server = setupServer()
