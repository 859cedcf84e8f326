import { safeRedirect } from '@contract/sign-in';
import { createFileRoute, redirect, useSearch } from '@tanstack/react-router';
import { LoginPage } from '@/features/auth/login-page';
import { hasSession } from '@/lib/session';
import { text } from '@/routes/-search';

interface LoginSearch {
  /** Where to go after sign-in: the deep link that sent the user here. */
  redirect?: string;
  /** A form post refused (decision 100): its code, and the e-mail as it was sent. */
  error?: string;
  email?: string;
}

export const Route = createFileRoute('/_auth/login')({
  validateSearch: ({ redirect, error, email }: Record<string, unknown>): LoginSearch => ({
    redirect: text(redirect),
    error: text(error),
    email: text(email),
  }),
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
  const search = useSearch({ from: '/_auth/login' });
  return <LoginPage redirectTo={search.redirect} refusal={search} />;
}
