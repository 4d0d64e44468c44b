import { useEffect } from 'react'
import { useToast } from '@/components/ui/toast'

/**
 * Shows `message` as an error toast each time a query fails ('Erreur lors du
 * chargement des commandes'…). `failedAt` is the query's
 * `errorUpdatedAt`, so a second failure after a retry is announced again.
 */
export function useErrorToast(failed: boolean, failedAt: number, message: string) {
  const toast = useToast()
  useEffect(() => {
    if (failed) toast.error(message)
  }, [failed, failedAt, message, toast])
}
