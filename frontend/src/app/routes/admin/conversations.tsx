import { ConversationsPage } from '@/features/admin/messages/components/conversations-page'

/** /admin/conversations. */
export default function AdminConversationsRoute() {
  return <ConversationsPage />
}
