import { css } from '@styled/css';
import type { ReactNode } from 'react';

const list = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'minmax(10rem, max-content) 1fr' },
  columnGap: '6',
  rowGap: { base: '0', sm: '2' },
  m: 0,
  '& dt': { color: 'muted', fontSize: 'sm', mt: { base: '2', sm: '0' } },
  '& dd': { m: 0, fontWeight: 'medium', overflowWrap: 'anywhere' },
});

/** One line of a details list: its label and value ('' or null shows as a dash). */
export type DetailRow = [label: string, value: ReactNode];

/** Labels and values: side by side on wide screens, the label above its value on phones. */
export function DetailList({ rows }: { rows: readonly DetailRow[] }) {
  return (
    <dl className={list}>
      {rows.map(([label, value]) => (
        <div key={label} className={css({ display: 'contents' })}>
          <dt>{label}</dt>
          <dd>{value === '' || value === null ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}
