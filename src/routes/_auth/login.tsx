import { safeRedirect } from '@contract/sign-in';
import { createFileRoute, redirect, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LoginPage } from '@/features/auth/login-page';
import { hasSession } from '@/lib/session';

interface LoginSearch {
  /** Where to go after sign-in: the deep link that sent the user here. */
  redirect?: string;
  /** A form post refused (decision 100): its code, the fields' codes, the e-mail and "remember me" as they were sent. */
  error?: string;
  fields?: string;
  email?: string;
  remember?: string;
}

const REFUSAL_KEYS = ['error', 'fields', 'email', 'remember'] as const;

// The router reads values as JSON where they parse (`remember=on` stays text, an e-mail typed as `123` is a number).
const word = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;

export const Route = createFileRoute('/_auth/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    Object.fromEntries(
      (['redirect', ...REFUSAL_KEYS] as const).flatMap((key) => (word(search[key]) === undefined ? [] : [[key, word(search[key])]])),
    ),
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
  const navigate = useNavigate();
  // A refusal is shown once: the page keeps it in its state, the address drops it (a reload starts afresh).
  useEffect(() => {
    if (search.error) void navigate({ to: '/login', search: { redirect: search.redirect }, replace: true });
    // Only on arrival: the page was given the refusal when it mounted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <LoginPage redirectTo={search.redirect} refusal={search.error ? search : undefined} />;
}
