import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { CertificateView, CheckStatus } from '@/contract/schemas/redemption';
import type { MessageId } from '@/lib/message-id';
import { formatMoney } from '@/ui/money';
import { css, cx } from '../../../styled-system/css';
import { STATUS_BADGE } from './status';

const badge = css({
  display: 'inline-flex',
  alignItems: 'center',
  px: '3',
  py: '1',
  borderRadius: 'full',
  fontWeight: 'semibold',
  fontSize: 'sm',
});
const head = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3' });
const balanceStyle = css({ fontSize: { base: '3xl', md: '4xl' }, fontWeight: 'bold', lineHeight: '1.1' });
const details = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'max-content 1fr' },
  columnGap: '6',
  rowGap: { base: '0', sm: '2' },
  m: 0,
  '& dt': { color: 'muted', fontSize: 'sm', mt: { base: '2', sm: '0' } },
  '& dd': { m: 0, fontWeight: 'medium', overflowWrap: 'anywhere' },
});
const table = css({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& th, & td': { textAlign: 'start', py: '2', pr: '3', borderBottomWidth: '1px', borderColor: 'line' },
  '& th': { color: 'muted', fontWeight: 'medium' },
});

export function StatusBadge({ status }: { status: CheckStatus }) {
  const intl = useIntl();
  const { tone, messageId } = STATUS_BADGE[status];
  return (
    <span className={cx(badge, css({ tone }))} data-testid="certificate-status" data-status={status}>
      {intl.formatMessage({ id: messageId })}
    </span>
  );
}

/** An amount with its exact value in minor units for machines (`<data value>`), formatted for people. */
export function Money({ minor, currency, testId, className }: { minor: number; currency: string; testId?: string; className?: string }) {
  const intl = useIntl();
  return (
    <data value={minor} data-testid={testId} className={className}>
      {formatMoney(minor, currency, intl.locale)}
    </data>
  );
}

/** SPEC §3 "Certificate (redemption view)": everything the check answers. `children` is the redeem form. */
export function CertificateCard({ view, headingId, children }: { view: CertificateView; headingId: string; children?: ReactNode }) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  if (view.status === 'incorrectPin') {
    return (
      <>
        <div className={head}>
          <h2 id={headingId} className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>
            {intl.formatMessage({ id: 'redemption.certificate' }, { number: view.number })}
          </h2>
          <StatusBadge status={view.status} />
        </div>
        <p>{t('redemption.incorrectPinText')}</p>
      </>
    );
  }
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium' });
  const rows: [MessageId, ReactNode][] = [
    ['redemption.product', view.product.name],
    ['redemption.number', view.number],
    ['redemption.orderNumber', view.orderNumber],
    ['redemption.purchaseDate', date(view.purchaseDate)],
    ['redemption.validUntil', date(view.validUntil)],
    ['redemption.denomination', <Money key="denomination" minor={view.denomination} currency={view.currency} testId="denomination" />],
    [
      'redemption.redemptionsLeft',
      <span key="left" data-testid="redemptions-left">
        {view.redemptionsLeft === null ? t('redemption.unlimited') : intl.formatNumber(view.redemptionsLeft)}
      </span>,
    ],
  ];
  return (
    <>
      <div className={head}>
        <h2 id={headingId} className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>
          {view.product.name}
        </h2>
        <StatusBadge status={view.status} />
      </div>
      <div>
        <div className={css({ color: 'muted', fontSize: 'sm' })}>{t('redemption.balance')}</div>
        <Money minor={view.balance} currency={view.currency} testId="balance" className={balanceStyle} />
      </div>
      <dl className={details}>
        {rows.map(([labelId, value]) => (
          <div key={labelId} className={css({ display: 'contents' })}>
            <dt>{t(labelId)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {children}
      <section aria-labelledby={`${headingId}-history`} className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <h3 id={`${headingId}-history`} className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          {t('redemption.history')}
        </h3>
        {view.history.length === 0 ? (
          <p className={css({ color: 'muted' })}>{t('redemption.historyEmpty')}</p>
        ) : (
          <div className={css({ overflowX: 'auto' })}>
            <table className={table} data-testid="history">
              <thead>
                <tr>
                  <th scope="col">{t('redemption.date')}</th>
                  <th scope="col">{t('redemption.amountColumn')}</th>
                  <th scope="col">{t('redemption.transaction')}</th>
                </tr>
              </thead>
              <tbody>
                {view.history.map((entry) => (
                  <tr key={entry.transactionNumber} data-transaction={entry.transactionNumber}>
                    <td>{intl.formatDate(entry.date, { dateStyle: 'short', timeStyle: 'short' })}</td>
                    <td>
                      <Money minor={entry.amount} currency={view.currency} />
                    </td>
                    <td className={css({ fontFamily: 'monospace', overflowWrap: 'anywhere' })}>{entry.transactionNumber}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
