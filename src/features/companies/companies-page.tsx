import { rolesAllow } from '@contract/access';
import { legalNameBeside } from '@contract/company';
import type { SupplierListItem } from '@contract/schemas/supplier';
import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '@/lib/message-id';
import { supplierStore } from '@/lib/suppliers';
import { useMayOpen } from '@/lib/use-may-open';
import { useStore } from '@/lib/use-store';
import { Button, button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/dialog';
import { FormFailure } from '@/ui/form-failure';
import { mutedText } from '@/ui/layout';
import { listCard } from '@/ui/list-table';
import { PagedList } from '@/ui/paged-list';
import { useRoleNames } from '@/ui/role-names';
import { companyListQuery, generalInfoQuery, useCancelCreation } from './queries';
import { CompanyStatusBadge } from './status-badge';
import { resetWizard } from './wizard';
import { clearStepDrafts, wizardStore } from './wizard-store';

// Branches sit under their parent, indented, with a line that ties them to it.
const branches = css({
  listStyle: 'none',
  m: 0,
  mt: '3',
  pl: { base: '3', md: '6' },
  borderInlineStartWidth: '2px',
  borderColor: 'line',
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
});
const rowStyle = css(listCard, { gap: '3' });
const nameStyle = css({ fontWeight: 'semibold', fontSize: 'lg', overflowWrap: 'anywhere' });
const actions = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '2',
  marginInlineStart: { md: 'auto' },
  width: { base: '100%', md: 'auto' },
});

/** Why a rejected company was sent back: its general-info answers the moderator's reason. */
function RejectionReason({ supplierId }: { supplierId: string }) {
  const intl = useIntl();
  const general = useQuery(generalInfoQuery(supplierId));
  if (!general.data?.rejectionReason) return null;
  return (
    <p className={css({ width: '100%', color: 'danger.text', whiteSpace: 'pre-wrap' })} data-testid="company-rejection-reason">
      <strong>{intl.formatMessage({ id: 'companies.rejectedReason' })}</strong> {general.data.rejectionReason}
    </p>
  );
}

function CompanyRow({
  item,
  isBranch,
  onCancel,
}: {
  item: SupplierListItem;
  isBranch: boolean;
  onCancel: (item: SupplierListItem) => void;
}) {
  const intl = useIntl();
  const roleNames = useRoleNames();
  const admin = rolesAllow(item.roles, 'manageCompany');
  const wizard = useMayOpen()('/_app/companies/add');
  const children = item.childrenSupplierList?.children ?? [];
  const { name } = item;
  const legalName = legalNameBeside(item);
  const t = (id: MessageId) => intl.formatMessage({ id });
  return (
    <li data-testid="company-row" data-supplier-id={item.supplierId} data-status={item.status}>
      <div className={rowStyle}>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: 0 })}>
          <span className={nameStyle}>
            {isBranch ? <span className={css({ srOnly: true })}>{`${t('companies.branch')}: `}</span> : null}
            {name}
          </span>
          {legalName ? <span className={mutedText}>{legalName}</span> : null}
          <span className={mutedText}>{roleNames(item.roles)}</span>
        </div>
        <CompanyStatusBadge status={item.status} />
        {admin ? (
          <div className={actions}>
            {wizard && item.status === 'draft' ? (
              <Link to="/companies/add" search={{ supplierId: item.supplierId }} className={button()} data-testid="company-continue">
                {t('companies.action.continue')}
              </Link>
            ) : null}
            {wizard && item.status === 'rejected' ? (
              <Link
                to="/companies/add"
                search={{ supplierId: item.supplierId, edit: true }}
                className={button()}
                data-testid="company-edit"
              >
                {t('companies.action.editResubmit')}
              </Link>
            ) : null}
            <Link
              to="/companies/supplier/$supplierId"
              params={{ supplierId: item.supplierId }}
              className={button({ tone: 'secondary' })}
              data-testid="company-details"
              aria-label={`${t('companies.action.details')}: ${name}`}
            >
              {t('companies.action.details')}
            </Link>
            {item.status === 'draft' ? (
              <Button tone="ghost" onClick={() => onCancel(item)} data-testid="company-cancel">
                {t('companies.cancel.action')}
              </Button>
            ) : null}
          </div>
        ) : null}
        {admin && item.status === 'rejected' ? <RejectionReason supplierId={item.supplierId} /> : null}
      </div>
      {children.length > 0 ? (
        <ul className={branches} aria-label={intl.formatMessage({ id: 'companies.branchesOf' }, { name })}>
          {children.map((child) => (
            <CompanyRow key={child.supplierId} item={child} isBranch onCancel={onCancel} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * /companies (SPEC §2): the person's companies, each main one followed by its
 * branches, with the status, the moderator's reason for a rejected one, and what
 * can be done now: continue a draft, correct and resubmit a rejected one, open
 * the details, cancel a draft never submitted.
 */
export function CompaniesPage() {
  const intl = useIntl();
  const list = useQuery(companyListQuery());
  // The header's list is the same answer: shown at once from the saved store while the query runs.
  const stored = useStore(supplierStore).items;
  // One list, not paged by the server: the answer, else the saved companies while it is asked (else pending).
  const items = list.data ?? (stored.length > 0 ? stored : undefined);
  const [cancelling, setCancelling] = useState<SupplierListItem | null>(null);
  const cancel = useCancelCreation();
  // The wizard is no staff member's (its route says so), even where a company made them its admin.
  const mayCreate = useMayOpen()('/_app/companies/add');

  const confirmCancel = async (item: SupplierListItem) => {
    await cancel.mutateAsync(item.supplierId);
    setCancelling(null);
    // The wizard forgets a draft that no longer exists.
    if (wizardStore.get().selectedSupplierId === item.supplierId) {
      clearStepDrafts();
      wizardStore.set(resetWizard);
    }
  };

  return (
    <>
      <PagedList
        query={{ ...list, data: items && { items, total: items.length, page: 1, pageSize: items.length }, isPlaceholderData: false }}
        testId="companies"
        title="companies.title"
        width="narrow"
        add={mayCreate ? { to: '/companies/add', label: 'companies.add', testId: 'companies-add' } : undefined}
        empty="companies.empty"
        row={(item) => <CompanyRow key={item.supplierId} item={item} isBranch={false} onCancel={setCancelling} />}
        rowsTestId="companies-tree"
        rowsLabel={intl.formatMessage({ id: 'companies.title' })}
      />
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => {
          if (!open) {
            setCancelling(null);
            cancel.reset();
          }
        }}
        title={intl.formatMessage({ id: 'companies.cancel.title' })}
        description={intl.formatMessage({ id: 'companies.cancel.text' }, { name: cancelling ? cancelling.name : '' })}
        confirmLabel={intl.formatMessage({ id: 'companies.cancel.confirm' })}
        cancelLabel={intl.formatMessage({ id: 'companies.cancel.keep' })}
        closeLabel={intl.formatMessage({ id: 'action.close' })}
        disabled={cancel.isPending}
        onConfirm={() => {
          if (cancelling) void confirmCancel(cancelling).catch(() => undefined);
        }}
      >
        <FormFailure error={cancel.error} />
      </ConfirmDialog>
    </>
  );
}
