import type { SupplierInfo } from '@contract/company';
import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useFailureText } from '@/lib/i18n';
import { useOnline } from '@/lib/online';
import { showToast } from '@/lib/toast';
import { Button, button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/dialog';
import { FormFailure } from '@/ui/form-failure';
import { Alert, mutedText, pageTitle } from '@/ui/layout';
import { QueryFallback } from '@/ui/page-states';
import { RejectDialog } from '@/ui/reject-dialog';
import { downloadOffer, reviewQuery, useDecision } from './queries';

/**
 * /admin/companies/{id}: everything the company submitted (the route passes the
 * company pages' details view), and the decision: approve, or reject with a
 * reason. Either is mailed to the company's admins in their language.
 */
export function ReviewPage({ supplierId, details }: { supplierId: string; details: (info: SupplierInfo) => ReactNode }) {
  const intl = useIntl();
  const failureText = useFailureText();
  const navigate = useNavigate();
  const online = useOnline();
  const review = useQuery(reviewQuery(supplierId));
  const decide = useDecision();
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const [downloadError, setDownloadError] = useState<unknown>(null);

  const done = async (messageId: 'moderation.approved' | 'moderation.rejected') => {
    setDialog(null);
    showToast({ tone: 'success', messageId, lifeMs: 6000 });
    await navigate({ to: '/admin/companies' });
  };

  if (!review.data) {
    return (
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '4', alignItems: 'flex-start' })}>
        <QueryFallback queries={[review]} />
        {review.error ? (
          <Link to="/admin/companies" className={button({ tone: 'secondary' })}>
            {intl.formatMessage({ id: 'moderation.backToQueue' })}
          </Link>
        ) : null}
      </div>
    );
  }

  const info = review.data;
  const name = info.supplierName || info.name;
  const waiting = info.status === 'moderation';
  const contract = info.contractResponse;

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '5', maxWidth: '1200px' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', justifyContent: 'space-between' })}>
        <div>
          <h1 className={pageTitle}>{name}</h1>
          <p className={mutedText}>{intl.formatMessage({ id: waiting ? 'moderation.waiting' : 'moderation.decided' })}</p>
        </div>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
          {waiting ? (
            <>
              <Button onClick={() => setDialog('approve')} disabled={!online} data-testid="moderation-approve">
                {intl.formatMessage({ id: 'moderation.approve.action' })}
              </Button>
              <Button tone="secondary" onClick={() => setDialog('reject')} disabled={!online} data-testid="moderation-reject">
                {intl.formatMessage({ id: 'moderation.reject.action' })}
              </Button>
            </>
          ) : null}
          {contract ? (
            <Button
              tone="ghost"
              onClick={() => {
                setDownloadError(null);
                downloadOffer(supplierId, contract.acceptedOfferFileName).catch(setDownloadError);
              }}
              data-testid="moderation-download-offer"
            >
              {intl.formatMessage({ id: 'companies.action.downloadOffer' })}
            </Button>
          ) : null}
          <Link
            to="/admin/companies/$supplierId/audit"
            params={{ supplierId }}
            className={button({ tone: 'ghost' })}
            data-testid="moderation-audit"
          >
            {intl.formatMessage({ id: 'audit.title' })}
          </Link>
          <Link to="/admin/companies" className={button({ tone: 'ghost' })}>
            {intl.formatMessage({ id: 'moderation.backToQueue' })}
          </Link>
        </div>
      </div>
      {downloadError ? <Alert tone="error">{failureText(downloadError)}</Alert> : null}
      {details(info)}
      <ConfirmDialog
        open={dialog === 'approve'}
        onOpenChange={(open) => setDialog(open ? 'approve' : null)}
        title={intl.formatMessage({ id: 'moderation.approve.title' })}
        description={intl.formatMessage({ id: 'moderation.approve.text' }, { name })}
        confirmLabel={intl.formatMessage({ id: 'moderation.approve.action' })}
        cancelLabel={intl.formatMessage({ id: 'moderation.keep' })}
        closeLabel={intl.formatMessage({ id: 'action.close' })}
        disabled={decide.isPending}
        onConfirm={() =>
          void decide.mutateAsync({ supplierId, action: 'approve' }).then(
            () => done('moderation.approved'),
            () => undefined,
          )
        }
      >
        <FormFailure error={decide.error} />
      </ConfirmDialog>
      <RejectDialog
        open={dialog === 'reject'}
        onOpenChange={(open) => setDialog(open ? 'reject' : null)}
        title={intl.formatMessage({ id: 'moderation.reject.title' })}
        reasonLabel={intl.formatMessage({ id: 'moderation.reject.reason' })}
        cancelLabel={intl.formatMessage({ id: 'moderation.keep' })}
        hint={intl.formatMessage({ id: 'moderation.reject.hint' })}
        confirmLabel={intl.formatMessage({ id: 'moderation.reject.confirm' })}
        reject={(reason) => decide.mutateAsync({ supplierId, action: 'reject', body: { reason } })}
        onDone={() => void done('moderation.rejected')}
      />
    </div>
  );
}
