import { createFileRoute, useSearch } from '@tanstack/react-router';
import { PasswordResetEmailPage } from '@/features/auth/password-reset-pages';
import { includeMessages } from '@/lib/locale';
import { text } from '@/routes/-search';

interface ResetEmailSearch {
  /** A form post refused (decision 105): its code, and the e-mail as it was sent. */
  error?: string;
  email?: string;
}

export const Route = createFileRoute('/_auth/password-reset-email')({
  validateSearch: ({ error, email }: Record<string, unknown>): ResetEmailSearch => ({ error: text(error), email: text(email) }),
  staticData: { titleId: 'title.resetEmail', access: 'public' },
  // Off the sign-in path: its texts travel in the portal part, keeping them off the /login budget (vite.config.ts).
  beforeLoad: () => includeMessages('portal'),
  component: ResetEmailRoute,
});

function ResetEmailRoute() {
  // useSearch with `from` (not Route.useSearch) keeps this split component from importing the route module back.
  return <PasswordResetEmailPage refusal={useSearch({ from: '/_auth/password-reset-email' })} />;
}
