import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import type { WidgetView } from '@/contract/widgets';
import { css } from '../../../styled-system/css';
import { ColourSwatch, languageName, useAmounts, WidgetStatusBadge } from './labels';

// A table on wide screens; on phones each row is a card (the header row is read by screen readers only).
const table = css({
  width: '100%',
  borderCollapse: 'collapse',
  display: { base: 'block', md: 'table' },
  bg: { md: 'surface' },
  borderRadius: 'card',
  overflow: { base: 'visible', md: 'hidden' },
  '&[aria-busy=true]': { opacity: 0.6 },
  '& thead': {
    display: { base: 'block', md: 'table-header-group' },
    position: { base: 'absolute', md: 'static' },
    width: { base: '1px', md: 'auto' },
    height: { base: '1px', md: 'auto' },
    overflow: { base: 'hidden', md: 'visible' },
    clip: { base: 'rect(0 0 0 0)', md: 'auto' },
  },
  '& tbody': { display: { base: 'flex', md: 'table-row-group' }, flexDirection: 'column', gap: '3' },
  '& th': {
    textAlign: 'start',
    fontSize: 'sm',
    color: 'muted',
    fontWeight: 'medium',
    px: '4',
    py: '3',
    borderBottomWidth: '1px',
    borderColor: 'line',
  },
});
const rowStyle = css({
  position: 'relative',
  display: { base: 'flex', md: 'table-row' },
  flexWrap: 'wrap',
  gap: '1 4',
  p: { base: '3', md: '0' },
  bg: 'surface',
  borderWidth: { base: '1px', md: '0' },
  borderBottomWidth: '1px',
  borderColor: 'line',
  borderRadius: { base: 'control', md: '0' },
  cursor: 'pointer',
  _hover: { bg: 'accentSoft' },
  '&:last-child': { borderBottomWidth: { md: '0' } },
  '& td': { px: { md: '4' }, py: { md: '3' }, verticalAlign: 'middle' },
});
// The name's link covers the whole row: a click anywhere opens the widget.
const nameLink = css({
  fontWeight: 'semibold',
  color: 'ink',
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  _hover: { textDecoration: 'underline' },
  _after: { content: '""', position: 'absolute', inset: 0 },
});
const figure = css({ fontVariantNumeric: 'tabular-nums', textAlign: { md: 'end' } });
const phoneLabel = css({ display: { base: 'inline', md: 'none' }, color: 'muted', fontSize: 'sm', mr: '1' });

/** The company's widgets: certificate and amounts, colour, language, status, views and clicks; a row opens the widget. */
export function WidgetTable({ items, busy }: { items: WidgetView[]; busy: boolean }) {
  const intl = useIntl();
  const amounts = useAmounts();
  const t = (id: 'widgets.column.views' | 'widgets.column.clicks') => intl.formatMessage({ id });
  return (
    <table className={table} aria-busy={busy} data-testid="widget-table">
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
              <Link to="/widget/$widgetId" params={{ widgetId: item.id }} className={nameLink}>
                {item.productName}
              </Link>
              <div className={css({ color: 'muted', fontSize: 'sm' })}>{amounts(item.denominations, item.currency)}</div>
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
