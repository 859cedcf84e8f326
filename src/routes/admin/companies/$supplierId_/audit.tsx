import { createFileRoute, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import { AuditLog } from '@/features/analytics/audit-page';
import type { ReportSearch } from '@/features/analytics/search';
import { CompanyBackLink } from '@/features/moderation/company-back-link';

/** Any company's whole audit log, for marketplace staff (issue 33); opened from the company's review page. */
export const Route = createFileRoute('/admin/companies/$supplierId_/audit')({
  // Narrowed on the page by the contract's rules, as the reports' (the route tree carries no schema).
  validateSearch: (search: Record<string, unknown>) => search as ReportSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ params, deps, cause }) =>
    import('@/features/analytics/queries').then((queries) => queries.loadStaffAuditLog(params.supplierId, deps, cause)),
  staticData: { titleId: 'audit.title', access: { can: 'moderate' } },
  component: StaffAuditRoute,
});

function StaffAuditRoute() {
  const { supplierId } = useParams({ from: '/admin/companies/$supplierId_/audit' });
  const search = useSearch({ from: '/admin/companies/$supplierId_/audit' });
  const navigate = useNavigate();
  const onChange = useCallback(
    (patch: ReportSearch) =>
      void navigate({ to: '/admin/companies/$supplierId/audit', params: { supplierId }, search: (current) => ({ ...current, ...patch }) }),
    [navigate, supplierId],
  );
  return <AuditLog supplierId={supplierId} staff search={search} onChange={onChange} back={<CompanyBackLink supplierId={supplierId} />} />;
}
