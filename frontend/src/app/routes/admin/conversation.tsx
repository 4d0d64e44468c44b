import { ConversationPage } from '@/features/admin/messages/components/conversation-page'

/** /admin/conversations/:phone. */
export default function AdminConversationRoute() {
  return <ConversationPage />
}
