import { createFileRoute } from '@tanstack/react-router';
import { PublicLayout } from '@/features/content/public-layout';
import { DefaultLayout } from '@/features/shell/default-layout';
import { Footer } from '@/features/shell/footer';
import { includeMessages } from '@/lib/locale';
import { hasSession } from '@/lib/session';

/**
 * The documents (decision 60): open to anyone, since a registrant reads the offer before having an account. Signed
 * in, they show in the portal's layout with its menu; signed out, in a plain one with the footer.
 */
export const Route = createFileRoute('/_public')({
  // Off the sign-in path: the page titles and the footer are in the portal part (vite.config.ts).
  beforeLoad: () => includeMessages('portal'),
  component: DocumentsLayout,
});

function DocumentsLayout() {
  return hasSession() ? <DefaultLayout /> : <PublicLayout footer={<Footer />} />;
}
