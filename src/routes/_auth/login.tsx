import { createFileRoute, redirect, useSearch } from '@tanstack/react-router';
import { LoginPage } from '@/features/auth/login-page';
import { safeRedirect } from '@/lib/router-meta';
import { hasSession } from '@/lib/session';

interface LoginSearch {
  /** Where to go after sign-in: the deep link that sent the user here. */
  redirect?: string;
}

export const Route = createFileRoute('/_auth/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  // SPEC §4: with a token, /login redirects to / (or to the deep link it was given).
  beforeLoad: ({ search }) => {
    if (hasSession()) throw redirect({ href: safeRedirect(search.redirect), replace: true });
  },
  staticData: { titleId: 'title.login', access: 'public' },
  // Bundled with the first screen (vite.config.ts, group 'signin'): a split chunk would only re-export it.
  codeSplitGroupings: [],
  component: LoginRoute,
});

function LoginRoute() {
  // useSearch with `from` (not Route.useSearch) keeps this split component from importing the route module back.
  const { redirect: target } = useSearch({ from: '/_auth/login' });
  return <LoginPage redirectTo={target} />;
}
