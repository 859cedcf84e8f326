import { createFileRoute } from '@tanstack/react-router';
import { AdminHomePage } from '@/features/shell/admin-home';

export const Route = createFileRoute('/admin/')({
  staticData: { titleId: 'title.admin', access: { can: 'moderate' }, menu: 'adminHome' },
  component: AdminHomePage,
});
