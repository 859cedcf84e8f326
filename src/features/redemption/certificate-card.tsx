import { formatMoney } from '@contract/money';
import type { CertificateView } from '@contract/schemas/redemption';
import { css } from '@styled/css';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '@/lib/message-id';
import { DetailList, type DetailRow } from '@/ui/detail-list';
import { groupCertificateNumber } from './certificate-number';
import { isSpendable } from './status';

const head = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3' });
const numberStyle = css({ color: 'muted', fontWeight: 'medium', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
// A certificate that cannot be redeemed: its balance is information, not an offer (the band says "do not accept").
const unusableBalance = css({ color: 'muted', fontSize: 'md' });
const table = css({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& th, & td': { textAlign: 'start', py: '2', pr: '3', borderBottomWidth: '1px', borderColor: 'line', verticalAlign: 'top' },
  '& th': { color: 'muted', fontWeight: 'medium' },
  // A phone has no room for three columns that never break (issue 35): each entry is date and amount, the
  // transaction under them; the column names stay for screen readers.
  '& thead': { srOnly: { base: true, sm: false } },
  '& tbody tr': {
    display: { base: 'flex', sm: 'table-row' },
    flexWrap: 'wrap',
    columnGap: '3',
    py: { base: '2', sm: '0' },
    borderBottomWidth: { base: '1px', sm: '0' },
    borderColor: 'line',
  },
  '& tbody td': { py: { base: '0', sm: '2' }, pr: { base: '0', sm: '3' }, borderBottomWidth: { base: '0', sm: '1px' } },
  '& tbody [data-column=amount]': { marginInlineStart: { base: 'auto', sm: '0' } },
  '& tbody [data-column=transaction]': { flexBasis: '100%', color: { base: 'muted', sm: 'inherit' } },
  // Amounts line up on the right, digit under digit; a transaction number never breaks in two.
  '& [data-column=amount]': { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  '& [data-column=transaction]': { fontFamily: 'monospace', whiteSpace: 'nowrap' },
  // A date and its time stay on one line on a phone (issue 35): the table scrolls sideways before it breaks.
  '& [data-column=date]': { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
});

/** An amount with its exact value in minor units for machines (`<data value>`), formatted for people. */
export function Money({ minor, currency, testId, className }: { minor: number; currency: string; testId?: string; className?: string }) {
  const intl = useIntl();
  return (
    <data value={minor} data-testid={testId} className={className}>
      {formatMoney(minor, currency, intl.locale)}
    </data>
  );
}

/**
 * SPEC §3 "Certificate (redemption view)": everything the check answers, under
 * the band (result-band.tsx), which says whether to accept it. `children` is
 * the redeem form: right under the heading, so the action stays near the band.
 */
export function CertificateCard({
  view,
  headingId,
  balanceInBand,
  timeZone,
  children,
}: {
  view: CertificateView;
  headingId: string;
  /** The company's (till-settings.ts): every date on the card reads as in the till's history and the reports. */
  timeZone: string | undefined;
  /** The band above shows the balance (a valid result): not repeated here. */
  balanceInBand: boolean;
  children?: ReactNode;
}) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  if (view.status === 'incorrectPin') {
    return (
      <>
        <h2 id={headingId} className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>
          {intl.formatMessage({ id: 'redemption.certificate' }, { number: groupCertificateNumber(view.number) })}
        </h2>
        <p>{t('redemption.incorrectPinText')}</p>
      </>
    );
  }
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeZone });
  const rows: DetailRow[] = [
    [t('redemption.orderNumber'), view.orderNumber],
    [t('redemption.purchaseDate'), date(view.purchaseDate)],
    [t('redemption.validUntil'), date(view.validUntil)],
    [t('redemption.denomination'), <Money key="denomination" minor={view.denomination} currency={view.currency} testId="denomination" />],
    [
      t('redemption.redemptionsLeft'),
      <span key="left" data-testid="redemptions-left">
        {view.redemptionsLeft === null ? t('redemption.unlimited') : intl.formatNumber(view.redemptionsLeft)}
      </span>,
    ],
    // Older answers kept offline (before decision 096) have no `holder`.
    ...(view.holder
      ? [
          [
            t('redemption.holder'),
            <span key="holder" data-testid="certificate-holder">
              {view.holder}
            </span>,
          ] satisfies DetailRow,
        ]
      : []),
  ];
  return (
    <>
      <div className={head}>
        <h2 id={headingId} className={css({ fontSize: 'xl', fontWeight: 'semibold' })}>
          {view.product.name}
        </h2>
        <span className={numberStyle} data-testid="certificate-number">
          {groupCertificateNumber(view.number)}
        </span>
      </div>
      {!isSpendable(view) ? (
        <p className={unusableBalance}>
          {intl.formatMessage(
            { id: 'redemption.balanceUnusable' },
            { balance: <Money key="balance" minor={view.balance} currency={view.currency} testId="balance" /> },
          )}
        </p>
      ) : balanceInBand ? null : (
        <p>
          {t('redemption.balance')}: <Money minor={view.balance} currency={view.currency} testId="balance" />
        </p>
      )}
      {children}
      <DetailList rows={rows} />
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
                  <th scope="col" data-column="amount">
                    {t('redemption.amountColumn')}
                  </th>
                  <th scope="col">{t('redemption.transaction')}</th>
                </tr>
              </thead>
              <tbody>
                {view.history.map((entry) => (
                  <tr key={entry.transactionNumber} data-transaction={entry.transactionNumber}>
                    <td data-column="date">
                      <time dateTime={entry.date}>{intl.formatDate(entry.date, { dateStyle: 'short', timeStyle: 'short', timeZone })}</time>
                    </td>
                    <td data-column="amount">
                      <Money minor={entry.amount} currency={view.currency} />
                    </td>
                    <td data-column="transaction">{entry.transactionNumber}</td>
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
