import type { ModerationEvent, SupplierInfo } from '@contract/company';
import { css } from '@styled/css';
import { useIntl } from 'react-intl';
import type { MessageId } from '@/lib/message-id';
import { DetailList, type DetailRow } from '@/ui/detail-list';
import { HistoryList } from '@/ui/history-list';
import { LANGUAGE_NAMES } from '@/ui/language-names';
import { Card, sectionTitle } from '@/ui/layout';
import { bankFields, fieldLabel, legalFields, taxIdLabel } from './fields';
import { CompanyStatusBadge } from './status-badge';

const EVENT_LABEL: Record<ModerationEvent['action'], MessageId> = {
  submitted: 'companies.history.submitted',
  approved: 'companies.history.approved',
  rejected: 'companies.history.rejected',
};

const columns = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', xl: '1fr 1fr' }, alignItems: 'start' });
const stacked = css({ display: 'grid', gap: '4' });

function Section({ titleId, rows, testId }: { titleId: MessageId; rows: DetailRow[]; testId: string }) {
  const intl = useIntl();
  return (
    <Card data-testid={testId}>
      <h2 className={sectionTitle}>{intl.formatMessage({ id: titleId })}</h2>
      <DetailList rows={rows} />
    </Card>
  );
}

/**
 * Everything a company holds (SPEC §3 "Supplier info"): its data, legal and bank
 * requisites under their national names, the accepted offer and the moderation
 * history. The admin's company page and the moderator's review show the same;
 * the wizard's last step (`dataOnly`) reviews the data that will be submitted.
 */
export function CompanyDetails({ info, dataOnly = false }: { info: SupplierInfo; dataOnly?: boolean }) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  const legal = info.legalDataDataResponse;
  const bank = info.bankAccountDataResponse;

  const company: DetailRow[] = [
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

  const legalRows: DetailRow[] = legal
    ? [
        ...legalFields(info.country, info.legalType).map((name): DetailRow => [t(fieldLabel(name, info.legalType)), legal[name]]),
        [
          t('companies.field.correspondenceAddress'),
          legal.hasCorrespondenceAddress ? legal.correspondenceAddress : t('companies.sameAddress'),
        ],
      ]
    : [];
  const bankRows: DetailRow[] = bank ? bankFields(info.country).map((name): DetailRow => [t(fieldLabel(name)), bank[name]]) : [];
  const contract = info.contractResponse;

  return (
    // Inside the wizard's card (a review) one column: two would squeeze the values into a few letters a line.
    <div className={dataOnly ? stacked : columns}>
      <Section titleId="companies.section.company" rows={company} testId="details-company" />
      {legal ? <Section titleId="companies.section.legal" rows={legalRows} testId="details-legal" /> : null}
      {bank ? <Section titleId="companies.section.bank" rows={bankRows} testId="details-bank" /> : null}
      {contract && !dataOnly ? (
        <Section
          titleId="companies.section.offer"
          testId="details-offer"
          rows={[
            [t('companies.field.offerFile'), contract.acceptedOfferFileName],
            [t('companies.field.acceptedAt'), date(contract.acceptedAt)],
          ]}
        />
      ) : null}
      {info.history.length > 0 && !dataOnly ? (
        <Card data-testid="details-history">
          <h2 className={sectionTitle}>{t('companies.section.history')}</h2>
          <HistoryList
            entries={info.history.map((event) => ({
              key: `${event.action}-${event.at}`,
              action: event.action,
              label: t(EVENT_LABEL[event.action]),
              at: event.at,
              meta: event.language ? LANGUAGE_NAMES[event.language] : undefined,
              notes: event.reason ? [event.reason] : undefined,
            }))}
          />
        </Card>
      ) : null}
    </div>
  );
}
