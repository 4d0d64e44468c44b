import { boolean, object, string, type infer as Infer } from 'zod/mini'

/**
 * The answer to DELETE of a product or a user: deleted, or deactivated when
 * orders name it, with the server's sentence saying which.
 */
export const removalSchema = object({ deleted: boolean(), deactivated: boolean(), message: string() })

export type Removal = Infer<typeof removalSchema>
