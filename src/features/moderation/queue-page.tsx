import { legalNameBeside, TAX_ID_FIELD, type ModerationQueueItem } from '@contract/company';
import { css } from '@styled/css';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import type { MessageId } from '@/lib/message-id';
import { LANGUAGE_NAMES } from '@/ui/language-names';
import { Card, mutedText, pageTitle } from '@/ui/layout';
import { QueryFallback } from '@/ui/page-states';
import { Pagination } from '@/ui/pagination';
import { moderationQueueQuery, type QueueAddress } from './queries';

const list = css({ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: '3' });
const item = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '2 6',
  alignItems: 'center',
  p: { base: '3', md: '4' },
  bg: 'surface',
  borderWidth: '1px',
  borderColor: 'line',
  borderRadius: 'control',
});

/** The tax id's national name; the admin area shows the same labels as the company pages. */
const TAX_ID_LABEL = {
  inn: 'companies.field.inn',
  unp: 'companies.field.unp',
  bin: 'companies.field.bin',
  nif: 'companies.field.nif',
} as const satisfies Record<string, MessageId>;

const tabs = css({ display: 'flex', gap: '1', borderBottomWidth: '1px', borderColor: 'line' });
const tab = css({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 'touch',
  px: '4',
  fontWeight: 'medium',
  color: 'muted',
  borderBottomWidth: '3px',
  borderColor: 'transparent',
  mb: '-1px',
  '&[aria-current=page]': { color: 'text', borderColor: 'accent' },
});

/** What was decided, when and by whom: the history's line of a company. */
function DecisionLine({ decision }: { decision: NonNullable<ModerationQueueItem['decision']> }) {
  const intl = useIntl();
  return (
    <span className={mutedText} data-testid="moderation-decision" data-action={decision.action}>
      {intl.formatMessage(
        { id: decision.action === 'approved' ? 'moderation.decision.approved' : 'moderation.decision.rejected' },
        {
          date: intl.formatDate(decision.at, { dateStyle: 'medium', timeStyle: 'short' }),
          name: decision.by ?? intl.formatMessage({ id: 'moderation.decision.deleted' }),
        },
      )}
    </span>
  );
}

/**
 * /admin/companies: the companies waiting for a decision, oldest submission first; or (`?status=decided`, issue 35)
 * the decisions made, latest first, with the date and who decided. Both a page at a time.
 */
export function ModerationQueuePage({ address, onPage }: { address: QueueAddress; onPage: (page: number) => void }) {
  const intl = useIntl();
  const queue = useQuery({ ...moderationQueueQuery(address), placeholderData: keepPreviousData });
  const items = queue.data?.items ?? [];
  const decided = address.status === 'decided';

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '5', maxWidth: '960px' })}>
      <h1 className={pageTitle}>{intl.formatMessage({ id: 'moderation.title' })}</h1>
      <p className={mutedText}>{intl.formatMessage({ id: 'moderation.intro' })}</p>
      {/* The router marks the tab of the current list (aria-current): the queue's when no status is in the address. */}
      <nav aria-label={intl.formatMessage({ id: 'moderation.list.label' })} className={tabs}>
        <Link
          to="/admin/companies"
          search={{ status: undefined }}
          activeOptions={{ explicitUndefined: true }}
          className={tab}
          data-testid="moderation-tab-waiting"
        >
          {intl.formatMessage({ id: 'moderation.list.moderation' })}
        </Link>
        <Link to="/admin/companies" search={{ status: 'decided' }} className={tab} data-testid="moderation-tab-decided">
          {intl.formatMessage({ id: 'moderation.list.decided' })}
        </Link>
      </nav>
      <QueryFallback queries={[queue]} />
      {queue.data && items.length === 0 ? (
        <Card data-testid="moderation-empty">
          <p>{intl.formatMessage({ id: decided ? 'moderation.history.empty' : 'moderation.empty' })}</p>
        </Card>
      ) : null}
      {items.length > 0 ? (
        <ul className={list} data-testid="moderation-queue">
          {items.map((company) => (
            <li
              key={`${company.supplierId}-${company.decision?.at ?? ''}`}
              className={item}
              data-testid="moderation-item"
              data-supplier-id={company.supplierId}
            >
              <Link
                to="/admin/companies/$supplierId"
                params={{ supplierId: company.supplierId }}
                className={css({
                  fontWeight: 'semibold',
                  fontSize: 'lg',
                  minHeight: 'touch',
                  display: 'inline-flex',
                  alignItems: 'center',
                })}
              >
                {company.name}
              </Link>
              {legalNameBeside(company) ? <span className={mutedText}>{legalNameBeside(company)}</span> : null}
              <span>{intl.formatDisplayName(company.country, { type: 'region' }) ?? company.country}</span>
              <span>
                {intl.formatMessage({ id: TAX_ID_LABEL[TAX_ID_FIELD[company.country]] })} {company.tin}
              </span>
              <span className={mutedText}>
                {intl.formatMessage(
                  { id: 'moderation.submittedAt' },
                  { date: intl.formatDate(company.submittedAt, { dateStyle: 'medium', timeStyle: 'short' }) },
                )}
                {company.language ? ` · ${LANGUAGE_NAMES[company.language]}` : ''}
              </span>
              {company.decision ? <DecisionLine decision={company.decision} /> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {queue.data && queue.data.total > queue.data.pageSize ? (
        <Pagination
          page={queue.data.page}
          pageSize={queue.data.pageSize}
          total={queue.data.total}
          onPageChange={onPage}
          label={intl.formatMessage({ id: 'moderation.pages' })}
        />
      ) : null}
    </div>
  );
}
