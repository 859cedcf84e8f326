import { widgetTitle, type WidgetView } from '@contract/widgets';
import { css } from '@styled/css';
import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { languageName } from '@/ui/language-options';
import { listRow, rowLink } from '@/ui/list-table';
import type { ListColumn } from '@/ui/paged-list';
import { ColourSwatch, useWidgetSummary, WidgetStatusBadge } from './labels';

const rowStyle = css(listRow.md, {
  display: { base: 'flex', md: 'table-row' },
  flexWrap: 'wrap',
  gap: '1 4',
});
const figure = css({ fontVariantNumeric: 'tabular-nums', textAlign: { md: 'end' } });
const phoneLabel = css({ display: { base: 'inline', md: 'none' }, color: 'muted', fontSize: 'sm', mr: '1' });

/** The company's widgets: certificate and amounts, colour, language, status, views and clicks. */
export const WIDGET_COLUMNS: readonly ListColumn[] = [
  { id: 'widgets.column.certificate' },
  { id: 'widgets.column.colour' },
  { id: 'widgets.column.language' },
  { id: 'widgets.column.status' },
  { id: 'widgets.column.views', className: figure },
  { id: 'widgets.column.clicks', className: figure },
];

/** A widget of the list; the row opens it. */
export function WidgetRow({ item }: { item: WidgetView }) {
  const intl = useIntl();
  const summary = useWidgetSummary();
  const t = (id: 'widgets.column.views' | 'widgets.column.clicks') => intl.formatMessage({ id });
  return (
    <tr className={rowStyle} data-testid="widget-row" data-widget-id={item.id} data-status={item.status}>
      <td className={css({ minWidth: 0, flexBasis: '100%' })}>
        <Link to="/widget/$widgetId" params={{ widgetId: item.id }} className={rowLink}>
          {widgetTitle(item)}
        </Link>
        <div className={css({ color: 'muted', fontSize: 'sm' })}>{summary(item)}</div>
      </td>
      <td>
        <ColourSwatch colour={item.colour} />
      </td>
      <td>{languageName(item.language)}</td>
      <td>
        <WidgetStatusBadge status={item.status} />
      </td>
      <td className={figure}>
        <span className={phoneLabel}>{t('widgets.column.views')}</span>
        <span data-testid="widget-row-views">{intl.formatNumber(item.views)}</span>
      </td>
      <td className={figure}>
        <span className={phoneLabel}>{t('widgets.column.clicks')}</span>
        <span data-testid="widget-row-clicks">{intl.formatNumber(item.clicks)}</span>
      </td>
    </tr>
  );
}
