import { JournalPage } from '@/features/admin/audit/components/journal-page'

/** /admin/journal, « Journal »: the team's changes. */
export default function AdminJournalRoute() {
  return <JournalPage />
}
