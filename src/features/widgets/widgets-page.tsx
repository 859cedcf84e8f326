import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { useSupplierId } from '@/lib/queries';
import { button } from '@/ui/button';
import { Card, mutedText, pageTitle } from '@/ui/layout';
import { SavedMark } from '@/ui/offline';
import { QueryFallback } from '@/ui/page-states';
import { Pagination } from '@/ui/pagination';
import { NoCertificates } from './no-certificates';
import { widgetListQuery, widgetProductsQuery } from './queries';
import { WidgetTable } from './widget-table';

const page = css({ display: 'flex', flexDirection: 'column', gap: '4', maxWidth: '1100px', width: '100%', mx: 'auto' });
const head = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', justifyContent: 'space-between' });

/**
 * /widgets (SPEC §2): the selected company's sales widgets with their views and clicks, the page in the URL; a row
 * opens the widget. With no approved certificate there is nothing to sell: the page says so and leads to them.
 */
export function WidgetsPage({ page: pageNumber }: { page: number }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const supplierId = useSupplierId();
  const list = useQuery({ ...widgetListQuery(supplierId ?? '', pageNumber), enabled: supplierId !== null });
  const products = useQuery({ ...widgetProductsQuery(supplierId ?? ''), enabled: supplierId !== null });
  const data = list.data;
  const nothingToSell = products.data?.length === 0;
  const toPage = (next: number) => void navigate({ to: '/widgets', search: { page: next > 1 ? next : undefined } });

  return (
    <div className={page}>
      <div className={head}>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
          <h1 className={pageTitle}>{intl.formatMessage({ id: 'widgets.title' })}</h1>
          {data ? (
            <span className={mutedText} data-testid="widgets-count">
              {intl.formatMessage({ id: 'widgets.count' }, { total: data.total })}
            </span>
          ) : null}
        </div>
        {nothingToSell ? null : (
          <Link to="/widget/add" className={button()} data-testid="widgets-add">
            {intl.formatMessage({ id: 'widgets.add' })}
          </Link>
        )}
      </div>
      <p className={mutedText}>{intl.formatMessage({ id: 'widgets.intro' })}</p>
      <SavedMark updatedAt={list.dataUpdatedAt || undefined} />
      <QueryFallback queries={[list]} />
      {nothingToSell ? <NoCertificates /> : null}
      {data && data.total === 0 && !nothingToSell ? (
        <Card className={css({ alignItems: 'flex-start' })} data-testid="widgets-empty">
          <p>{intl.formatMessage({ id: 'widgets.empty' })}</p>
        </Card>
      ) : null}
      {data && data.items.length > 0 ? <WidgetTable items={data.items} busy={list.isPlaceholderData} /> : null}
      {data && data.total > data.pageSize ? (
        <Pagination
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          onPageChange={toPage}
          label={intl.formatMessage({ id: 'widgets.pagination.label' })}
        />
      ) : null}
    </div>
  );
}
