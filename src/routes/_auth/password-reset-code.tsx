import { createFileRoute, redirect } from '@tanstack/react-router';
import { PasswordResetCodePage } from '@/features/auth/password-reset-pages';
import { includeMessages } from '@/lib/locale';
import { setResendAt, userStore } from '@/lib/session';
import { text } from '@/routes/-search';

interface ResetCodeSearch {
  /** Where the e-mail form's post sent the code and when it may be sent again (decision 105): taken once, then dropped. */
  email?: string;
  resend?: number;
}

export const Route = createFileRoute('/_auth/password-reset-code')({
  validateSearch: ({ email, resend }: Record<string, unknown>): ResetCodeSearch => ({
    email: text(email),
    resend: typeof resend === 'number' && resend >= 0 ? resend : undefined,
  }),
  staticData: { titleId: 'title.resetCode', access: 'public' },
  beforeLoad: async ({ search }) => {
    // Off the sign-in path: its texts travel in the portal part, keeping them off the /login budget (vite.config.ts).
    await includeMessages('portal');
    const { email } = search;
    if (email === undefined) return;
    // The step's state, as the app's own e-mail step leaves it; the address leaves the location bar and the history.
    userStore.set((state) => ({ ...state, passwordResetEmail: email }));
    setResendAt('reset', search.resend ?? 0);
    throw redirect({ to: '/password-reset-code', search: {}, replace: true });
  },
  component: PasswordResetCodePage,
});
