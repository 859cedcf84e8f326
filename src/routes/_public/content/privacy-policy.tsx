import { createFileRoute } from '@tanstack/react-router';
import { DocumentPage } from '@/features/content/document-page';

/** SPEC §2 /content/privacy-policy: the privacy policy, with its PDF. */
export const Route = createFileRoute('/_public/content/privacy-policy')({
  staticData: { titleId: 'title.privacyPolicy', access: 'public' },
  loader: () => import('@/features/content/queries').then((queries) => queries.loadContentPage('privacy-policy')),
  component: () => <DocumentPage document="privacy-policy" withPdf />,
});
