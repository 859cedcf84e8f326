import { createFileRoute } from '@tanstack/react-router';
import { AuthLayout } from '@/features/auth/auth-layout';

/** The auth layout: the public pages. */
// Bundled with the first screen (vite.config.ts, group 'signin'): a split chunk would only re-export it.
export const Route = createFileRoute('/_auth')({ component: AuthLayout, codeSplitGroupings: [] });
