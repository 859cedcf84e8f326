import { legalNameBeside, TAX_ID_FIELD, type ModerationQueueItem } from '@contract/company';
import { css } from '@styled/css';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import type { MessageId } from '@/lib/message-id';
import { LANGUAGE_NAMES } from '@/ui/language-names';
import { mutedText } from '@/ui/layout';
import { listCard } from '@/ui/list-table';
import { PagedList } from '@/ui/paged-list';
import { moderationQueueQuery, type QueueAddress } from './queries';

const item = css(listCard, { gap: '2 6' });

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

/** A company of the list: its name opens it; country, tax id, when it was submitted and, decided, what and by whom. */
function QueueItem({ company }: { company: ModerationQueueItem }) {
  const intl = useIntl();
  return (
    <li className={item} data-testid="moderation-item" data-supplier-id={company.supplierId}>
      <Link
        to="/admin/companies/$supplierId"
        params={{ supplierId: company.supplierId }}
        className={css({ fontWeight: 'semibold', fontSize: 'lg', minHeight: 'touch', display: 'inline-flex', alignItems: 'center' })}
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
  );
}

/**
 * /admin/companies: the companies waiting for a decision, oldest submission first; or (`?status=decided`, issue 35)
 * the decisions made, latest first, with the date and who decided. Both a page at a time.
 */
export function ModerationQueuePage({ address }: { address: QueueAddress }) {
  const intl = useIntl();
  const queue = useQuery({ ...moderationQueueQuery(address), placeholderData: keepPreviousData });
  const decided = address.status === 'decided';

  return (
    <PagedList
      query={queue}
      testId="moderation"
      title="moderation.title"
      intro="moderation.intro"
      width="narrow"
      // The router marks the tab of the current list (aria-current): the queue's when no status is in the address.
      filters={() => (
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
      )}
      empty={decided ? 'moderation.history.empty' : 'moderation.empty'}
      row={(company) => <QueueItem key={`${company.supplierId}-${company.decision?.at ?? ''}`} company={company} />}
      rowsTestId="moderation-queue"
      pagesLabel="moderation.pages"
      saved={false}
    />
  );
}
