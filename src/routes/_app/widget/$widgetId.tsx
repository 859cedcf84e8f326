import { createFileRoute, useParams } from '@tanstack/react-router';
import { WidgetDetailsPage } from '@/features/widgets/details-page';

/** SPEC §2 /widget/{id}: one widget of the selected company — its code, status, counts and settings (anyone else's is "not found"). */
export const Route = createFileRoute('/_app/widget/$widgetId')({
  loader: ({ params }) => import('@/features/widgets/queries').then((queries) => queries.loadWidget(params.widgetId)),
  staticData: { titleId: 'widgets.details.title', access: { can: 'manageWidgets', company: true } },
  component: DetailsRoute,
});

function DetailsRoute() {
  const { widgetId } = useParams({ from: '/_app/widget/$widgetId' });
  return <WidgetDetailsPage widgetId={widgetId} />;
}
