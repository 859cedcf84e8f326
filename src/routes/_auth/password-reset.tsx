import { createFileRoute } from '@tanstack/react-router';
import { PasswordResetPage } from '@/features/auth/password-reset-pages';
import { includeMessages } from '@/lib/locale';

export const Route = createFileRoute('/_auth/password-reset')({
  staticData: { titleId: 'title.resetPassword', access: 'public' },
  // Off the sign-in path: its texts travel in the portal part, keeping them off the /login budget (vite.config.ts).
  beforeLoad: () => includeMessages('portal'),
  component: PasswordResetPage,
});
