import { createFileRoute } from '@tanstack/react-router';
import { PasswordResetPage } from '@/features/auth/password-reset-pages';

export const Route = createFileRoute('/_auth/password-reset')({
  staticData: { titleId: 'title.resetPassword', access: 'public' },
  component: PasswordResetPage,
});
