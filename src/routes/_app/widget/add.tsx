import { createFileRoute } from '@tanstack/react-router';
import { AddWidgetPage } from '@/features/widgets/add-page';

/** SPEC §2 /widget/add: a new widget for one of the selected company's approved certificates, for its admins. */
export const Route = createFileRoute('/_app/widget/add')({
  loader: () => import('@/features/widgets/queries').then((queries) => queries.loadWidgetForm()),
  staticData: { titleId: 'widgets.add.title', access: { can: 'manageWidgets', company: true } },
  component: AddWidgetPage,
});
