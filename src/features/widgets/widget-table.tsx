import { widgetTitle, type WidgetView } from '@contract/widgets';
import { css } from '@styled/css';
import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { listRow, listTable, rowLink } from '@/ui/list-table';
import { ColourSwatch, languageName, useWidgetSummary, WidgetStatusBadge } from './labels';

const rowStyle = css(listRow, {
  display: { base: 'flex', md: 'table-row' },
  flexWrap: 'wrap',
  gap: '1 4',
});
const figure = css({ fontVariantNumeric: 'tabular-nums', textAlign: { md: 'end' } });
const phoneLabel = css({ display: { base: 'inline', md: 'none' }, color: 'muted', fontSize: 'sm', mr: '1' });

/** The company's widgets: certificate and amounts, colour, language, status, views and clicks; a row opens the widget. */
export function WidgetTable({ items, busy }: { items: WidgetView[]; busy: boolean }) {
  const intl = useIntl();
  const summary = useWidgetSummary();
  const t = (id: 'widgets.column.views' | 'widgets.column.clicks') => intl.formatMessage({ id });
  return (
    <table className={listTable} aria-busy={busy} data-testid="widget-table">
      <thead>
        <tr>
          <th scope="col">{intl.formatMessage({ id: 'widgets.column.certificate' })}</th>
          <th scope="col">{intl.formatMessage({ id: 'widgets.column.colour' })}</th>
          <th scope="col">{intl.formatMessage({ id: 'widgets.column.language' })}</th>
          <th scope="col">{intl.formatMessage({ id: 'widgets.column.status' })}</th>
          <th scope="col" className={figure}>
            {t('widgets.column.views')}
          </th>
          <th scope="col" className={figure}>
            {t('widgets.column.clicks')}
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id} className={rowStyle} data-testid="widget-row" data-widget-id={item.id} data-status={item.status}>
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
        ))}
      </tbody>
    </table>
  );
}
