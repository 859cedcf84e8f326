import { useQuery } from '@tanstack/react-query';
import { useSupplierId } from '@/lib/queries';
import { PagedList } from '@/ui/paged-list';
import { NoCertificates } from './no-certificates';
import { widgetListQuery, widgetProductsQuery } from './queries';
import { WIDGET_COLUMNS, WidgetRow } from './widget-table';

/**
 * /widgets (SPEC §2): the selected company's sales widgets with their views and clicks, the page in the URL; a row
 * opens the widget. With no approved certificate there is nothing to sell: the page says so and leads to them.
 */
export function WidgetsPage({ page }: { page: number }) {
  const supplierId = useSupplierId();
  const list = useQuery({ ...widgetListQuery(supplierId ?? '', page), enabled: supplierId !== null });
  const products = useQuery({ ...widgetProductsQuery(supplierId ?? ''), enabled: supplierId !== null });
  const nothingToSell = products.data?.length === 0;

  return (
    <PagedList
      query={list}
      testId="widgets"
      title="widgets.title"
      count="widgets.count"
      intro="widgets.intro"
      add={nothingToSell ? undefined : { to: '/widget/add', label: 'widgets.add', testId: 'widgets-add' }}
      notice={nothingToSell ? <NoCertificates /> : null}
      empty={nothingToSell ? undefined : 'widgets.empty'}
      columns={WIDGET_COLUMNS}
      row={(item) => <WidgetRow key={item.id} item={item} />}
      rowsTestId="widget-table"
      pagesLabel="widgets.pagination.label"
    />
  );
}
