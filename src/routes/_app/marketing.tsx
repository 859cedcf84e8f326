import { createFileRoute } from '@tanstack/react-router';
import { MarketingPage } from '@/features/marketing/marketing-page';
import { WidgetShelf } from '@/features/widgets/shelf';

/** Issue 14 "Marketing": the company's widgets and printable posters, for its admins. */
export const Route = createFileRoute('/_app/marketing')({
  staticData: { titleId: 'marketing.title', access: { can: 'useMarketing', company: true }, menu: 'marketing' },
  loader: () => import('@/features/marketing/queries').then((queries) => queries.loadPosterProducts()),
  component: () => <MarketingPage shelf={(supplierId) => <WidgetShelf supplierId={supplierId} />} />,
});
