import { createFileRoute } from '@tanstack/react-router';
import { ConfirmEmailPage } from '@/features/auth/confirm-pages';
import { includeMessages } from '@/lib/locale';

// Its texts travel in the portal part, keeping them off the /login budget (vite.config.ts).
export const Route = createFileRoute('/_auth/confirm-email')({
  staticData: { titleId: 'title.confirmEmail', access: 'public' },
  beforeLoad: () => includeMessages('portal'),
  component: ConfirmEmailPage,
});
