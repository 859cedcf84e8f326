import { createFileRoute, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import { AuditLog } from '@/features/analytics/audit-page';
import type { ReportSearch } from '@/features/analytics/search';
import { useSupplierId } from '@/lib/queries';
import { reportSearch } from './-search';

/** The selected company's audit log (issue 33), for its admins and (the money part) its accountants. */
export const Route = createFileRoute('/_app/analytics/audit')({
  validateSearch: reportSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ deps, cause }) => import('@/features/analytics/queries').then((queries) => queries.loadAuditLog(deps, cause)),
  staticData: { titleId: 'audit.title', access: { can: 'readAuditLog', company: true }, menu: 'analyticsAudit' },
  component: AuditRoute,
});

function AuditRoute() {
  const search = useSearch({ from: '/_app/analytics/audit' });
  const navigate = useNavigate();
  const supplierId = useSupplierId();
  const onChange = useCallback(
    (patch: ReportSearch) => void navigate({ to: '/analytics/audit', search: (current) => ({ ...current, ...patch }) }),
    [navigate],
  );
  return supplierId ? <AuditLog key={supplierId} supplierId={supplierId} staff={false} search={search} onChange={onChange} /> : null;
}
