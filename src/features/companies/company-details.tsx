import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ModerationEvent, SupplierInfo } from '@/contract/company';
import type { MessageId } from '@/lib/message-id';
import { LANGUAGE_NAMES } from '@/ui/language-select';
import { Card, sectionTitle } from '@/ui/layout';
import { css } from '../../../styled-system/css';
import { bankFields, fieldLabel, legalFields, taxIdLabel } from './fields';
import { CompanyStatusBadge } from './status-badge';

const list = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'minmax(10rem, max-content) 1fr' },
  columnGap: '6',
  rowGap: { base: '0', sm: '2' },
  m: 0,
  '& dt': { color: 'muted', fontSize: 'sm', mt: { base: '2', sm: '0' } },
  '& dd': { m: 0, fontWeight: 'medium', overflowWrap: 'anywhere' },
});
const history = css({ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: '3' });

const EVENT_LABEL: Record<ModerationEvent['action'], MessageId> = {
  submitted: 'companies.history.submitted',
  approved: 'companies.history.approved',
  rejected: 'companies.history.rejected',
};

type Row = [label: string, value: ReactNode];

function Section({ titleId, rows, testId }: { titleId: MessageId; rows: Row[]; testId: string }) {
  const intl = useIntl();
  return (
    <Card data-testid={testId}>
      <h2 className={sectionTitle}>{intl.formatMessage({ id: titleId })}</h2>
      <dl className={list}>
        {rows.map(([label, value]) => (
          <div key={label} className={css({ display: 'contents' })}>
            <dt>{label}</dt>
            <dd>{value === '' || value === null ? '—' : value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/**
 * Everything a company holds (SPEC §3 "Supplier info"): its data, legal and bank
 * requisites under their national names, the accepted offer and the moderation
 * history. The admin's company page and the moderator's review show the same.
 */
export function CompanyDetails({ info }: { info: SupplierInfo }) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  const legal = info.legalDataDataResponse;
  const bank = info.bankAccountDataResponse;

  const company: Row[] = [
    [t('companies.field.status'), <CompanyStatusBadge key="status" status={info.status} />],
    [t('companies.field.country'), intl.formatDisplayName(info.country, { type: 'region' }) ?? info.country],
    [t('companies.field.name'), info.name],
    [t(taxIdLabel(info.country)), info.tin],
    [
      t('companies.field.webSite'),
      info.webSite ? (
        <a href={info.webSite} target="_blank" rel="noopener noreferrer">
          {info.webSite}
        </a>
      ) : (
        ''
      ),
    ],
    [t('companies.field.legalType'), info.legalType ? t(`companies.legalType.${info.legalType}`) : ''],
    [t('companies.field.parent'), info.parentSupplier?.parentSupplierName ?? t('companies.parent.none')],
  ];
  if (info.rejectionReason) company.push([t('companies.field.rejectionReason'), info.rejectionReason]);
  if (info.submittedAt) company.push([t('companies.field.submittedAt'), date(info.submittedAt)]);
  if (info.language) company.push([t('companies.field.language'), LANGUAGE_NAMES[info.language]]);

  const legalRows: Row[] = legal
    ? [
        ...legalFields(info.country, info.legalType).map((name): Row => [t(fieldLabel(name, info.legalType)), legal[name]]),
        [
          t('companies.field.correspondenceAddress'),
          legal.hasCorrespondenceAddress ? legal.correspondenceAddress : t('companies.sameAddress'),
        ],
      ]
    : [];
  const bankRows: Row[] = bank ? bankFields(info.country).map((name): Row => [t(fieldLabel(name)), bank[name]]) : [];
  const contract = info.contractResponse;

  return (
    <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', xl: '1fr 1fr' }, alignItems: 'start' })}>
      <Section titleId="companies.section.company" rows={company} testId="details-company" />
      {legal ? <Section titleId="companies.section.legal" rows={legalRows} testId="details-legal" /> : null}
      {bank ? <Section titleId="companies.section.bank" rows={bankRows} testId="details-bank" /> : null}
      {contract ? (
        <Section
          titleId="companies.section.offer"
          testId="details-offer"
          rows={[
            [t('companies.field.offerFile'), contract.acceptedOfferFileName],
            [t('companies.field.acceptedAt'), date(contract.acceptedAt)],
          ]}
        />
      ) : null}
      {info.history.length > 0 ? (
        <Card data-testid="details-history">
          <h2 className={sectionTitle}>{t('companies.section.history')}</h2>
          <ol className={history}>
            {info.history.map((event) => (
              <li key={`${event.action}-${event.at}`} data-action={event.action}>
                <strong>{t(EVENT_LABEL[event.action])}</strong> · <time dateTime={event.at}>{date(event.at)}</time>
                {event.language ? ` · ${LANGUAGE_NAMES[event.language]}` : ''}
                {event.reason ? <p className={css({ color: 'muted', whiteSpace: 'pre-wrap' })}>{event.reason}</p> : null}
              </li>
            ))}
          </ol>
        </Card>
      ) : null}
    </div>
  );
}
