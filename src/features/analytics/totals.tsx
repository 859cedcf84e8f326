import { css } from '@styled/css';
import { useIntl } from 'react-intl';
import type { MessageId } from '@/lib/message-id';

/** One figure of the filtered set: its label and its value, formatted. */
export interface Total {
  id: string;
  labelId: MessageId;
  value: string;
}

const grid = css({
  '&[aria-busy=true]': { opacity: 0.6 },
  display: 'grid',
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
  gap: '3',
  m: 0,
});
const item = css({
  bg: 'surface',
  borderRadius: 'card',
  p: { base: '3', md: '4' },
  boxShadow: '0 1px 3px rgba(20,20,50,0.08)',
  minWidth: 0,
});
const label = css({ color: 'muted', fontSize: 'sm' });
const value = css({
  m: 0,
  fontSize: { base: 'lg', md: '2xl' },
  fontWeight: 'bold',
  fontVariantNumeric: 'tabular-nums',
  overflowWrap: 'anywhere',
});

/** Figures as cards: two a row on phones, four on wide screens. */
export function Totals({ items, busy = false, testId = 'report-totals' }: { items: readonly Total[]; busy?: boolean; testId?: string }) {
  const intl = useIntl();
  return (
    <dl className={grid} aria-busy={busy} data-testid={testId}>
      {items.map((total) => (
        <div key={total.id} className={item} data-total={total.id}>
          <dt className={label}>{intl.formatMessage({ id: total.labelId })}</dt>
          <dd className={value}>{total.value}</dd>
        </div>
      ))}
    </dl>
  );
}
