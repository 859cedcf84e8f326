import { createFileRoute } from '@tanstack/react-router';
import { AdminLayout } from '@/features/shell/admin-layout';
import { guardSignedIn } from '../-guard';

/** The admin layout: marketplace staff only (SPEC §6 leaves who may enter open; we chose staff). */
export const Route = createFileRoute('/admin')({
  staticData: { staff: true },
  beforeLoad: (options): Promise<void> => guardSignedIn(options),
  component: AdminLayout,
});
