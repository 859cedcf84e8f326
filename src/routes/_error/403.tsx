import { createFileRoute } from '@tanstack/react-router';
import { ForbiddenPage } from '@/features/shell/error-layout';

export const Route = createFileRoute('/_error/403')({
  staticData: { titleId: 'title.forbidden', access: 'public' },
  component: ForbiddenPage,
});
