import { createFileRoute } from '@tanstack/react-router';
import { AuthLayout } from '@/features/auth/auth-layout';

/** The auth layout: the public pages. */
export const Route = createFileRoute('/_auth')({ component: AuthLayout });
