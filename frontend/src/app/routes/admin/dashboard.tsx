import { DashboardPage } from '@/features/admin/dashboard/components/dashboard-page'

export default function AdminDashboardRoute() {
  return <DashboardPage />
}
