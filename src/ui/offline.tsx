import { css } from '@styled/css';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useOnline } from '@/lib/online';

const note = css({ display: 'inline-flex', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'muted' });
const dot = css({ width: '2', height: '2', borderRadius: 'full', bg: '#b7791f', flexShrink: 0 });

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "5 minutes ago", in the user's language; ticks every 30 s while shown. */
export function useAge(since: number | undefined): string | null {
  const intl = useIntl();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(id);
  }, []);
  if (!since) return null;
  const elapsed = Math.max(0, now - since);
  const [unit, size] = STEPS.find(([, ms]) => elapsed >= ms) ?? ['second', 1000];
  return intl.formatRelativeTime(-Math.floor(elapsed / size), unit, { numeric: 'auto' });
}

/** Marks data shown from the saved cache while the server is out of reach: "Saved data · 5 minutes ago". */
export function SavedMark({ updatedAt, always = false }: { updatedAt: number | undefined; always?: boolean }) {
  const intl = useIntl();
  const online = useOnline();
  const age = useAge(updatedAt);
  if ((online && !always) || !age) return null;
  return (
    <span className={note} data-testid="saved-mark">
      <span className={dot} aria-hidden="true" />
      {intl.formatMessage({ id: 'offline.saved' }, { age })}
    </span>
  );
}

/** Said next to an action that needs the server while it is out of reach; the button names it with aria-describedby. */
export function OfflineReason({ id }: { id: string }) {
  const intl = useIntl();
  const online = useOnline();
  if (online) return null;
  return (
    <p id={id} className={note} data-testid="offline-reason">
      {intl.formatMessage({ id: 'offline.actionPaused' })}
    </p>
  );
}
