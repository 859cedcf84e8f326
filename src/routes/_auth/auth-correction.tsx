import { createFileRoute, useSearch } from '@tanstack/react-router';
import { AuthCorrectionPage } from '@/features/auth/confirm-pages';
import { includeMessages } from '@/lib/locale';

interface CorrectionSearch {
  email?: string;
  token?: string;
}

export const Route = createFileRoute('/_auth/auth-correction')({
  validateSearch: (search: Record<string, unknown>): CorrectionSearch => ({
    ...(typeof search.email === 'string' && { email: search.email }),
    ...(typeof search.token === 'string' && { token: search.token }),
  }),
  staticData: { titleId: 'title.authCorrection', access: 'public' },
  // Its texts travel in the portal part, keeping them off the /login budget (vite.config.ts).
  beforeLoad: () => includeMessages('portal'),
  component: AuthCorrectionRoute,
});

function AuthCorrectionRoute() {
  const { email, token } = useSearch({ from: '/_auth/auth-correction' });
  return <AuthCorrectionPage email={email} token={token} />;
}
