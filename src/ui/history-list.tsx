import { css } from '@styled/css';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

const list = css({ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: '3' });
const noteStyle = css({ color: 'muted', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

export interface HistoryEntry {
  key: string;
  /** What happened, for tests and styles (`data-action`). */
  action: string;
  label: string;
  /** ISO 8601. */
  at: string;
  /** Said after the date: who, in which language. */
  meta?: string;
  /** Under the line: a reason, the roles given. */
  notes?: ReactNode[];
}

/** Events, newest first: what, when (in the reader's format), by whom, and what came with it. */
export function HistoryList({ entries }: { entries: readonly HistoryEntry[] }) {
  const intl = useIntl();
  return (
    <ol className={list}>
      {entries.map((entry) => (
        <li key={entry.key} data-action={entry.action}>
          <strong>{entry.label}</strong> ·{' '}
          <time dateTime={entry.at}>{intl.formatDate(entry.at, { dateStyle: 'medium', timeStyle: 'short' })}</time>
          {entry.meta ? ` · ${entry.meta}` : ''}
          {entry.notes?.map((note, index) => (
            <p key={index} className={noteStyle}>
              {note}
            </p>
          ))}
        </li>
      ))}
    </ol>
  );
}
