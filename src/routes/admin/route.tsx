import { createFileRoute } from '@tanstack/react-router';
import { AdminLayout } from '@/features/shell/admin-layout';

/** The admin layout: its pages are for marketplace staff (SPEC §6 leaves who may enter open; we chose staff). */
export const Route = createFileRoute('/admin')({ component: AdminLayout });
