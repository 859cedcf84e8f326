import { createFileRoute } from '@tanstack/react-router';
import { NotFoundMessage } from '@/ui/page-states';

export const Route = createFileRoute('/_error/404')({
  staticData: { titleId: 'title.notFound', access: 'public' },
  component: NotFoundMessage,
});
