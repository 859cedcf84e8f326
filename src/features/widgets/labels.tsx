import { formatPriceList } from '@contract/money';
import type { WidgetStatus, WidgetView } from '@contract/widgets';
import { css } from '@styled/css';
import { useIntl } from 'react-intl';
import { StatusBadge, type StatusLook } from '@/ui/badge';

/**
 * What a widget's line says under its name in the lists: its product (when the widget has a name of its own) and
 * its amounts in the portal's locale, smallest first ("Spa day · 1 000 ₽ / 3 000,50 ₽").
 */
export function useWidgetSummary() {
  const intl = useIntl();
  return (widget: Pick<WidgetView, 'name' | 'productName' | 'denominations' | 'currency'>) =>
    [widget.name ? widget.productName : null, formatPriceList(widget.denominations, widget.currency, intl.locale)]
      .filter(Boolean)
      .join(' · ');
}

const WIDGET_STATUS: Record<WidgetStatus, StatusLook> = {
  active: { tone: 'success', messageId: 'widgets.status.active' },
  disabled: { tone: 'neutral', messageId: 'widgets.status.disabled' },
};

export const WidgetStatusBadge = ({ status }: { status: WidgetStatus }) => (
  <StatusBadge looks={WIDGET_STATUS} status={status} testId="widget-status" />
);

const swatch = css({
  display: 'inline-block',
  width: '5',
  height: '5',
  borderRadius: 'full',
  borderWidth: '1px',
  borderColor: 'line',
  verticalAlign: 'middle',
  flexShrink: 0,
});

/** The widget's colour as a dot (set through CSSOM, which the policy allows), with its code for screen readers. */
export function ColourSwatch({ colour }: { colour: string }) {
  return (
    <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '2' })}>
      <span className={swatch} style={{ backgroundColor: colour }} aria-hidden="true" />
      <span className={css({ fontFamily: 'mono', fontSize: 'sm' })}>{colour}</span>
    </span>
  );
}
