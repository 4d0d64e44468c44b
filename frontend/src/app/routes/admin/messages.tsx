import { MessagesPage } from '@/features/admin/messages/components/messages-page'

/** /admin/messages. */
export default function AdminMessagesRoute() {
  return <MessagesPage />
}
