import { widgetTitle } from '@contract/widgets';
import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { button } from '@/ui/button';
import { Card, mutedText, sectionTitle } from '@/ui/layout';
import { QueryFallback } from '@/ui/page-states';
import { EmbedCode } from './embed-code';
import { useWidgetSummary, WidgetStatusBadge } from './labels';
import { widgetListQuery } from './queries';

const item = css({ display: 'flex', flexDirection: 'column', gap: '2', py: '3', borderTopWidth: '1px', borderColor: 'line' });

/**
 * The company's widgets in brief, each with its code to copy (the marketing page shows it); the first page only,
 * the rest is one link away at /widgets.
 */
export function WidgetShelf({ supplierId }: { supplierId: string }) {
  const intl = useIntl();
  const summary = useWidgetSummary();
  const list = useQuery(widgetListQuery(supplierId, 1));
  const data = list.data;
  return (
    <Card className={css({ display: 'flex', flexDirection: 'column', gap: '3' })} data-testid="widget-shelf">
      <h2 className={sectionTitle}>{intl.formatMessage({ id: 'widgets.shelf.title' })}</h2>
      <QueryFallback queries={[list]} />
      {data?.total === 0 ? <p className={mutedText}>{intl.formatMessage({ id: 'widgets.empty' })}</p> : null}
      {data?.items.map((widget) => (
        <div key={widget.id} className={item} data-testid="widget-shelf-item">
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
            <Link to="/widget/$widgetId" params={{ widgetId: widget.id }} className={css({ fontWeight: 'semibold' })}>
              {widgetTitle(widget)}
            </Link>
            <WidgetStatusBadge status={widget.status} />
          </div>
          <span className={mutedText}>{summary(widget)}</span>
          <EmbedCode widgetId={widget.id} language={widget.language} />
        </div>
      ))}
      <div>
        <Link to="/widgets" className={button({ tone: 'secondary' })}>
          {intl.formatMessage({ id: 'widgets.shelf.manage' })}
        </Link>
      </div>
    </Card>
  );
}
