import type { ExportFormat } from '@contract/analytics';
import type { Locale } from '@contract/enums';
import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { failureMessage } from '@/lib/http';
import { useLocale } from '@/lib/i18n';
import { showToast } from '@/lib/toast';
import { useMayOpen } from '@/lib/use-may-open';
import { Button, button } from '@/ui/button';
import { MailDeliveryNotice } from '@/ui/mail-delivery';
import { MailDialog } from './mail-dialog';
import { downloadReport, reportMailsQuery, type ReportQuery } from './queries';

const bar = css({ display: 'flex', flexWrap: 'wrap', gap: '2', '& > button, & > a': { flex: { base: '1 1 auto', sm: '0 0 auto' } } });

/**
 * Download the page's report (CSV, XLSX) or send it by e-mail. `fileStem` names the file: the report and its days
 * (`sales-2026-11-01-2026-11-23`), as the server names it.
 */
export function ExportActions({ which, fileStem }: { which: ReportQuery; fileStem: string }) {
  const intl = useIntl();
  const [mailOpen, setMailOpen] = useState(false);
  // Who may schedule the report is offered to, from its page (decision 098).
  const mayOpen = useMayOpen();
  // The reports this person mailed lately: one a mail server refused is said here, where it was sent from.
  const mails = useQuery(reportMailsQuery(which.query.supplierId, which.report));
  return (
    <>
      {mails.data?.map((delivery) => (
        <MailDeliveryNotice key={delivery.queuedAt + delivery.to} delivery={delivery} />
      ))}
      <DownloadButtons download={(format, locale) => downloadReport(which, format, locale, `${fileStem}.${format}`)}>
        <Button tone="secondary" onClick={() => setMailOpen(true)} aria-haspopup="dialog" data-testid="export-mail">
          {intl.formatMessage({ id: 'analytics.mail.open' })}
        </Button>
        <MailDialog which={which} open={mailOpen} onOpenChange={setMailOpen} />
        {mayOpen('/_app/analytics/schedules') ? (
          <Link
            to="/analytics/schedules"
            search={{ report: which.report }}
            className={button({ tone: 'ghost' })}
            data-testid="export-schedule"
          >
            {intl.formatMessage({ id: 'analytics.schedule.link' })}
          </Link>
        ) : null}
      </DownloadButtons>
    </>
  );
}

/** The CSV and XLSX buttons of a page's file, its words in the page's language; a failure is said in a toast. */
export function DownloadButtons(props: { download: (format: ExportFormat, locale: Locale) => Promise<void>; children?: ReactNode }) {
  const intl = useIntl();
  const locale = useLocale();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const download = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await props.download(format, locale);
    } catch (error) {
      const message = failureMessage(error);
      showToast({ tone: 'error', messageId: message.id, values: message.values, lifeMs: 8000 });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className={bar}>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          tone="secondary"
          disabled={busy !== null}
          onClick={() => void download(format)}
          data-testid={`export-${format}`}
        >
          {intl.formatMessage({ id: busy === format ? 'analytics.export.busy' : `analytics.export.${format}` })}
        </Button>
      ))}
      {props.children}
    </div>
  );
}
