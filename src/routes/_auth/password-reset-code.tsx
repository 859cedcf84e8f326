import { createFileRoute } from '@tanstack/react-router';
import { PasswordResetCodePage } from '@/features/auth/password-reset-pages';

export const Route = createFileRoute('/_auth/password-reset-code')({
  staticData: { titleId: 'title.resetCode', access: 'public' },
  component: PasswordResetCodePage,
});
