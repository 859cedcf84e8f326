import { createFileRoute } from '@tanstack/react-router';
import { PasswordResetEmailPage } from '@/features/auth/password-reset-pages';

export const Route = createFileRoute('/_auth/password-reset-email')({
  staticData: { titleId: 'title.resetEmail', access: 'public' },
  component: PasswordResetEmailPage,
});
