import { createFileRoute, useSearch } from '@tanstack/react-router';
import { InvitationPage } from '@/features/users/invitation-page';
import { includeMessages } from '@/lib/locale';

interface InvitationSearch {
  token?: string;
}

/** The link in the invitation mail: the invitee sets a password and lands in the company (decision 53). */
export const Route = createFileRoute('/_auth/invitation')({
  validateSearch: (search: Record<string, unknown>): InvitationSearch => ({
    ...(typeof search.token === 'string' && { token: search.token }),
  }),
  staticData: { titleId: 'title.invitation', access: 'public' },
  // Its texts travel in the portal part, keeping them off the /login budget (vite.config.ts).
  beforeLoad: () => includeMessages('portal'),
  component: InvitationRoute,
});

function InvitationRoute() {
  const { token } = useSearch({ from: '/_auth/invitation' });
  return <InvitationPage token={token} />;
}
