import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '@/features/auth/register-page';
import { includeMessages } from '@/lib/locale';

export const Route = createFileRoute('/_auth/register')({
  staticData: { titleId: 'title.register', access: 'public' },
  // Off the sign-in path: its texts travel in the portal part, keeping them off the /login budget (vite.config.ts).
  beforeLoad: () => includeMessages('portal'),
  component: RegisterPage,
});
