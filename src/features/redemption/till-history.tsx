import { can } from '@contract/access';
import type { RedemptionHistoryRow } from '@contract/schemas/redemption';
import { css, cx } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { viewerOf } from '@/lib/access';
import { useFailureText } from '@/lib/i18n';
import { userStore } from '@/lib/session';
import { supplierStore } from '@/lib/suppliers';
import { useStore } from '@/lib/use-store';
import { Button } from '@/ui/button';
import { Alert, Card, mutedText, sectionTitle } from '@/ui/layout';
import { SegmentedControl } from '@/ui/segmented-control';
import { Money } from './certificate-card';
import { groupCertificateNumber } from './certificate-number';
import { tillHistoryQuery } from './queries';

const head = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: '3' });
const list = css({ listStyle: 'none', m: 0, p: 0 });
// Time | certificate and transaction (and who) | amount: the amount column lines up on the right.
const entry = css({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  columnGap: '3',
  alignItems: 'baseline',
  py: '2',
  borderTopWidth: '1px',
  borderColor: 'line',
  _first: { borderTopWidth: 0 },
});
const figures = css({ fontVariantNumeric: 'tabular-nums' });
const secondLine = css({ color: 'muted', fontSize: 'sm' });
// A transaction number is read out to the customer or matched on a receipt: never broken mid-string.
const transaction = css({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });
const amount = css({ textAlign: 'right', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
const refusedAmount = css({ color: 'muted', fontWeight: 'normal', textDecoration: 'line-through' });
const reportLink = css({ display: 'inline-flex', alignItems: 'center', minHeight: 'touch', fontWeight: 'medium' });

function Entry({ row, timeZone, showUser }: { row: RedemptionHistoryRow; timeZone: string; showUser: boolean }) {
  const intl = useIntl();
  const refused = row.status === 'error';
  return (
    <li className={entry} data-transaction={row.transactionId} data-status={row.status}>
      <time dateTime={row.date} className={figures}>
        {intl.formatTime(row.date, { timeZone, hour: '2-digit', minute: '2-digit' })}
      </time>
      <div>
        <div className={figures}>{groupCertificateNumber(row.certificateNumber)}</div>
        <div className={secondLine}>
          <span className={transaction}>{row.transactionId}</span>
          {refused ? ` · ${intl.formatMessage({ id: 'redemption.till.refused' })}` : null}
          {showUser ? ` · ${row.userName}` : null}
        </div>
      </div>
      <Money minor={row.sum} currency={row.currency} className={cx(amount, refused ? refusedAmount : undefined)} />
    </li>
  );
}

/**
 * The till's history (decision 065): today's redemptions in the company, the
 * person's own; admins may show everyone's. Shown to those who redeem; it is
 * asked again after every redemption (the redeem mutation invalidates it).
 */
export function TillHistory({ supplierId, mayOpenReport }: { supplierId: string; mayOpenReport: boolean }) {
  const intl = useIntl();
  const failureText = useFailureText();
  const headingId = useId();
  const viewer = viewerOf(useStore(userStore), useStore(supplierStore));
  const mayShowAll = can(viewer, 'seeAllRedemptions');
  const [showAll, setShowAll] = useState(false);
  const mine = !(mayShowAll && showAll);
  const history = useQuery({ ...tillHistoryQuery(supplierId, mine), enabled: can(viewer, 'redeem') });

  if (!can(viewer, 'redeem')) return null;
  const data = history.data;
  const showUser = data ? !data.mine : false;
  return (
    <Card aria-labelledby={headingId} data-testid="till-history" data-scope={mine ? 'mine' : 'all'}>
      <div className={head}>
        <h2 id={headingId} className={sectionTitle}>
          {intl.formatMessage({ id: 'redemption.till.title' })}
        </h2>
        {mayShowAll ? (
          <SegmentedControl
            label={intl.formatMessage({ id: 'redemption.till.scope' })}
            options={[
              { value: 'mine', label: intl.formatMessage({ id: 'redemption.till.mine' }) },
              { value: 'all', label: intl.formatMessage({ id: 'redemption.till.all' }) },
            ]}
            value={mine ? 'mine' : 'all'}
            onValueChange={(value) => setShowAll(value === 'all')}
            testId="till-history-scope"
          />
        ) : null}
      </div>
      {history.isError && !data ? (
        <Alert tone="error">
          {failureText(history.error)}{' '}
          <Button tone="secondary" onClick={() => void history.refetch()}>
            {intl.formatMessage({ id: 'redemption.retry' })}
          </Button>
        </Alert>
      ) : data && data.items.length === 0 ? (
        <p className={mutedText} data-testid="till-history-empty">
          {intl.formatMessage({ id: mine ? 'redemption.till.emptyMine' : 'redemption.till.emptyAll' })}
        </p>
      ) : data ? (
        <ol className={list} aria-labelledby={headingId}>
          {data.items.map((row) => (
            <Entry key={row.transactionId} row={row} timeZone={data.timeZone} showUser={showUser} />
          ))}
        </ol>
      ) : null}
      {data && data.total > data.items.length ? (
        <p className={mutedText}>{intl.formatMessage({ id: 'redemption.till.shown' }, { shown: data.items.length, total: data.total })}</p>
      ) : null}
      {mayOpenReport ? (
        <Link to="/analytics/redemption" search={{ period: 'today' }} className={reportLink} data-testid="till-history-report">
          {intl.formatMessage({ id: 'redemption.till.report' })} →
        </Link>
      ) : null}
    </Card>
  );
}
