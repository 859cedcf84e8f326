import type { SupplierStatus } from '@contract/enums';
import { StatusBadge, type StatusLook } from '@/ui/badge';

/** SPEC §4: correction required shows as "Rejected", active as "Moderated". */
export const COMPANY_STATUS: Record<SupplierStatus, StatusLook> = {
  draft: { tone: 'neutral', messageId: 'companies.status.draft' },
  moderation: { tone: 'warning', messageId: 'companies.status.moderation' },
  rejected: { tone: 'danger', messageId: 'companies.status.rejected' },
  active: { tone: 'success', messageId: 'companies.status.active' },
};

export const CompanyStatusBadge = ({ status }: { status: SupplierStatus }) => (
  <StatusBadge looks={COMPANY_STATUS} status={status} testId="company-status" />
);
