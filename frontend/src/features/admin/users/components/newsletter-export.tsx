import { Button } from '@/components/ui/button'
import { useToast } from '@/components/ui/toast'
import { adminErrorMessage } from '../../common/admin-error'
import { saveFile } from '../../common/save-file'
import { downloadNewsletterCsv } from '../api/newsletter'

export const NEWSLETTER_EXPORT_FAILED = "L'export de la newsletter a échoué"

/** The newsletter's subscribers as CSV (e-mail, date of subscription). */
export function NewsletterExportButton() {
  const toast = useToast()
  const download = async () => {
    try {
      saveFile(await downloadNewsletterCsv(), 'newsletter.csv')
    } catch (error) {
      toast.error(adminErrorMessage(error, NEWSLETTER_EXPORT_FAILED))
    }
  }
  return <Button variant="secondary" onClick={() => void download()}>Exporter la newsletter (CSV)</Button>
}
