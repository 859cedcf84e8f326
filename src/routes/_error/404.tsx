import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '@/features/shell/error-layout';

export const Route = createFileRoute('/_error/404')({
  staticData: { titleId: 'title.notFound', access: 'public' },
  component: NotFoundPage,
});
