import { auditDetails, type AuditEntryView, type AuditKind, type AuditPage as AuditLogPage } from '@contract/audit';
import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/ui/button';
import { Card, mutedText, pageTitle } from '@/ui/layout';
import { QueryState } from '@/ui/page-states';
import { useRoleNames } from '@/ui/role-names';
import { SelectField } from '@/ui/select-field';
import { DownloadButtons } from './export-actions';
import { FiltersBar } from './filters-bar';
import { useReportFormat, type ReportFormat } from './format';
import { auditLogQuery, downloadAuditLog } from './queries';
import { ReportTable, type Column } from './report-table';
import { reportHead, reportPage, ReportPager } from './report-view';
import { auditSearch, type ReportSearch } from './search';

// A person's name that filters the log to them: a link's look, a button's role.
const personLink = css({
  color: 'accentText',
  fontWeight: 'medium',
  textAlign: 'start',
  cursor: 'pointer',
  _hover: { textDecoration: 'underline' },
});

/**
 * The audit log (issue 33): who did what and when, newest first, filtered by period, kind and person in the URL, and
 * the same as a file. A company's members read the kinds their roles allow; staff read any company's whole log.
 */
export function AuditLog(props: {
  supplierId: string;
  staff: boolean;
  search: ReportSearch;
  onChange: (patch: ReportSearch) => void;
  /** Above the title: the way back, where the page is one of several about a company (the staff's). */
  back?: ReactNode;
}) {
  const { supplierId, staff, search, onChange, back } = props;
  const intl = useIntl();
  const narrowed = auditSearch(supplierId, search);
  const { query } = narrowed;
  const list = useQuery(auditLogQuery(query, staff));
  const page = list.data;
  const format = useReportFormat();
  return (
    <div className={reportPage}>
      <div className={reportHead}>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
          {back}
          <h1 className={pageTitle}>{intl.formatMessage({ id: 'audit.title' })}</h1>
          <span className={mutedText}>{intl.formatMessage({ id: 'audit.intro' })}</span>
          {page ? (
            <span className={mutedText} data-testid="report-period-text">
              {intl.formatMessage({ id: 'analytics.periodShown' }, { range: format.period(page.period), zone: page.period.timeZone })}
            </span>
          ) : null}
        </div>
        <DownloadButtons
          download={(fileFormat, locale) =>
            downloadAuditLog(query, staff, fileFormat, locale, `audit-${page?.period.from}-${page?.period.to}.${fileFormat}`)
          }
        />
      </div>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-end' })}>
        <FiltersBar filter={query} rangeError={narrowed.rangeError} period={page?.period} onChange={onChange} searchable={false} />
        {page && page.kinds.length > 1 ? (
          <SelectField
            label={intl.formatMessage({ id: 'audit.filter.kind' })}
            value={query.kind ?? ''}
            onChange={(event) => onChange({ kind: event.target.value || undefined, page: undefined })}
            data-testid="audit-kind"
          >
            <option value="">{intl.formatMessage({ id: 'audit.kind.all' })}</option>
            {page.kinds.map((kind) => (
              <option key={kind} value={kind}>
                {intl.formatMessage({ id: `audit.kind.${kind}` })}
              </option>
            ))}
          </SelectField>
        ) : null}
      </div>
      {page?.person ? (
        <Card
          className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', p: { base: '3', md: '4' } })}
          data-testid="audit-person"
        >
          <span>{intl.formatMessage({ id: 'audit.onlyBy' }, { name: page.person.name })}</span>
          <Button tone="secondary" onClick={() => onChange({ userId: undefined, page: undefined })}>
            {intl.formatMessage({ id: 'audit.everyone' })}
          </Button>
        </Card>
      ) : null}
      {query.certificate ? (
        <Card
          className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', p: { base: '3', md: '4' } })}
          data-testid="audit-certificate"
        >
          <span>{intl.formatMessage({ id: 'audit.onlyCertificate' }, { number: query.certificate })}</span>
          <Button tone="secondary" onClick={() => onChange({ certificate: undefined, page: undefined })}>
            {intl.formatMessage({ id: 'audit.allCertificates' })}
          </Button>
        </Card>
      ) : null}
      <QueryState queries={[list] as const}>
        {([entries]) => <Entries page={entries} busy={list.isPlaceholderData} format={format} onChange={onChange} />}
      </QueryState>
    </div>
  );
}

function Entries(props: { page: AuditLogPage; busy: boolean; format: ReportFormat; onChange: (patch: ReportSearch) => void }) {
  const { page, busy, format, onChange } = props;
  const intl = useIntl();
  const roleNames = useRoleNames();
  if (page.total === 0)
    return (
      <Card data-testid="report-empty">
        <p>{intl.formatMessage({ id: 'audit.empty' })}</p>
      </Card>
    );
  const columns: Column<AuditEntryView, never>[] = [
    { id: 'date', labelId: 'audit.column.date', cell: (entry, { timeZone }) => format.dateTime(entry.at, timeZone) },
    {
      id: 'action',
      labelId: 'audit.column.action',
      cell: (entry) => <span data-kind={entry.kind satisfies AuditKind}>{intl.formatMessage({ id: `audit.action.${entry.action}` })}</span>,
    },
    {
      id: 'person',
      labelId: 'audit.column.person',
      cell: (entry) =>
        entry.actor ? (
          <button
            type="button"
            className={personLink}
            aria-label={intl.formatMessage({ id: 'audit.filterByPerson' }, { name: entry.actor.name })}
            onClick={() => onChange({ userId: entry.actor!.id, page: undefined })}
          >
            {entry.actor.name}
          </button>
        ) : (
          <span className={mutedText}>
            {entry.apiKey ? intl.formatMessage({ id: 'audit.byKey' }, entry.apiKey) : intl.formatMessage({ id: 'audit.system' })}
          </span>
        ),
    },
    { id: 'subject', labelId: 'audit.about', cell: (entry) => entry.subject?.name ?? entry.certificateNumber ?? '' },
    {
      id: 'details',
      labelId: 'audit.column.details',
      cell: (entry) =>
        auditDetails(entry.details, { money: (minor) => format.money(minor, page.currency), roles: roleNames })
          .map(({ detail, text }) => `${intl.formatMessage({ id: `audit.detail.${detail}` })}: ${text}`)
          .join('; '),
    },
  ];
  return (
    <>
      <span className={mutedText} data-testid="report-count">
        {intl.formatMessage({ id: 'audit.count' }, { total: page.total })}
      </span>
      <ReportTable
        label={intl.formatMessage({ id: 'audit.title' })}
        columns={columns}
        rows={page.items}
        rowKey={(entry) => entry.id}
        busy={busy}
        context={{ format, timeZone: page.period.timeZone }}
        testId="audit-table"
      />
      <ReportPager page={page} onChange={onChange} label={intl.formatMessage({ id: 'audit.pagination.label' })} />
    </>
  );
}
