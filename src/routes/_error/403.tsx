import { createFileRoute } from '@tanstack/react-router';
import { ForbiddenMessage } from '@/ui/page-states';

export const Route = createFileRoute('/_error/403')({
  staticData: { titleId: 'title.forbidden', access: 'public' },
  component: ForbiddenMessage,
});
