import { createFileRoute } from '@tanstack/react-router';
import { PasswordResetEmailPage } from '@/features/auth/password-reset-pages';
import { includeMessages } from '@/lib/locale';

export const Route = createFileRoute('/_auth/password-reset-email')({
  staticData: { titleId: 'title.resetEmail', access: 'public' },
  // Off the sign-in path: its texts travel in the portal part, keeping them off the /login budget (vite.config.ts).
  beforeLoad: () => includeMessages('portal'),
  component: PasswordResetEmailPage,
});
