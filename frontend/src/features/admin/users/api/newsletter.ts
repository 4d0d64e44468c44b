import { downloadFile } from '@/lib/api-client'

/** GET /api/admin/newsletter.csv: every subscriber, oldest first. */
export const downloadNewsletterCsv = () => downloadFile('/admin/newsletter.csv')
