import { legalNameBeside, TAX_ID_FIELD } from '@contract/company';
import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import type { MessageId } from '@/lib/message-id';
import { LANGUAGE_NAMES } from '@/ui/language-names';
import { Card, mutedText, pageTitle } from '@/ui/layout';
import { QueryFallback } from '@/ui/page-states';
import { moderationQueueQuery } from './queries';

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

/** /admin/companies: the companies waiting for a decision, oldest submission first. */
export function ModerationQueuePage() {
  const intl = useIntl();
  const queue = useQuery(moderationQueueQuery());
  const items = queue.data?.items ?? [];

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '5', maxWidth: '960px' })}>
      <h1 className={pageTitle}>{intl.formatMessage({ id: 'moderation.title' })}</h1>
      <p className={mutedText}>{intl.formatMessage({ id: 'moderation.intro' })}</p>
      <QueryFallback queries={[queue]} />
      {queue.data && items.length === 0 ? (
        <Card data-testid="moderation-empty">
          <p>{intl.formatMessage({ id: 'moderation.empty' })}</p>
        </Card>
      ) : null}
      {items.length > 0 ? (
        <ul className={list} data-testid="moderation-queue">
          {items.map((company) => (
            <li key={company.supplierId} className={item} data-testid="moderation-item" data-supplier-id={company.supplierId}>
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
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
