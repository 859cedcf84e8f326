import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useFailureText } from '@/lib/i18n';
import { useOnline } from '@/lib/online';
import { useMayOpen } from '@/lib/use-may-open';
import { Button, button } from '@/ui/button';
import { Alert, mutedText, pageTitle } from '@/ui/layout';
import { SavedMark } from '@/ui/offline';
import { QueryFallback } from '@/ui/page-states';
import { CompanyDetails } from './company-details';
import { HolderNoticeSetting } from './holder-notice-setting';
import { LookupAlertSettingsCard } from './lookup-alert-settings';
import { downloadAcceptedOffer, generalInfoQuery, supplierInfoQuery } from './queries';
import { CompanyStatusBadge } from './status-badge';
import { SubmitStep, WaitingPanel } from './submit-step';

const page = css({ display: 'flex', flexDirection: 'column', gap: '5', maxWidth: '1200px', width: '100%', mx: 'auto' });
const head = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', justifyContent: 'space-between' });

/**
 * /companies/supplier/{id} (SPEC §2): every detail of the company, its status
 * and the moderator's reason; edit and resubmit while it is a draft or
 * rejected; the accepted offer to download once it has been submitted.
 */
export function CompanyDetailsPage({ supplierId }: { supplierId: string }) {
  const intl = useIntl();
  const failureText = useFailureText();
  const online = useOnline();
  const mayOpen = useMayOpen();
  const info = useQuery(supplierInfoQuery(supplierId));
  const general = useQuery(generalInfoQuery(supplierId));
  const [downloadError, setDownloadError] = useState<unknown>(null);

  if (!info.data) {
    return (
      <div className={page}>
        <QueryFallback queries={[info]} />
        {info.error ? (
          <Link to="/companies" className={button({ tone: 'secondary' })}>
            {intl.formatMessage({ id: 'companies.backToList' })}
          </Link>
        ) : null}
      </div>
    );
  }

  const data = info.data;
  const progress = general.data;
  const contract = data.contractResponse;
  const download = () => {
    setDownloadError(null);
    if (contract) downloadAcceptedOffer(supplierId, contract.acceptedOfferFileName).catch(setDownloadError);
  };

  return (
    <div className={page}>
      <div className={head}>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: 0 })}>
          <h1 className={pageTitle}>{data.supplierName || data.name}</h1>
          <div className={css({ display: 'flex', gap: '3', alignItems: 'center', flexWrap: 'wrap' })}>
            <CompanyStatusBadge status={data.status} />
            <SavedMark updatedAt={info.dataUpdatedAt} />
          </div>
        </div>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
          {progress?.editable && mayOpen('/_app/companies/add') ? (
            <Link
              to="/companies/add"
              search={{ supplierId, edit: progress.submittable ? true : undefined }}
              className={button()}
              data-testid="details-edit"
            >
              {intl.formatMessage({ id: progress.submittable ? 'companies.action.edit' : 'companies.action.continue' })}
            </Link>
          ) : null}
          {contract ? (
            <Button tone="secondary" onClick={download} disabled={!online} data-testid="details-download-offer">
              {intl.formatMessage({ id: 'companies.action.downloadOffer' })}
            </Button>
          ) : null}
          <Link to="/companies" className={button({ tone: 'ghost' })}>
            {intl.formatMessage({ id: 'companies.backToList' })}
          </Link>
        </div>
      </div>
      {downloadError ? <Alert tone="error">{failureText(downloadError)}</Alert> : null}
      {data.status === 'rejected' && data.rejectionReason ? (
        <Alert tone="error">
          <strong>{intl.formatMessage({ id: 'companies.rejectedReason' })}</strong>{' '}
          <span data-testid="details-rejection-reason">{data.rejectionReason}</span>
        </Alert>
      ) : null}
      {data.status === 'draft' && !progress?.submittable ? (
        <p className={mutedText}>{intl.formatMessage({ id: 'companies.details.incomplete' })}</p>
      ) : null}
      {progress?.submittable ? <SubmitStep general={progress} /> : null}
      {data.status === 'moderation' ? <WaitingPanel name={data.supplierName || data.name} /> : null}
      <CompanyDetails info={data} />
      {/* The page is its admins' (supplier/info asks for manageCompany); the settings matter once it trades. */}
      {data.status === 'active' ? (
        <>
          <HolderNoticeSetting supplierId={supplierId} holderNotices={data.holderNotices} />
          <LookupAlertSettingsCard supplierId={supplierId} />
        </>
      ) : null}
    </div>
  );
}
