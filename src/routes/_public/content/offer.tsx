import { createFileRoute } from '@tanstack/react-router';
import { DocumentPage } from '@/features/content/document-page';

/** SPEC §2 /content/offer: the partner offer in the app, with its PDF. */
export const Route = createFileRoute('/_public/content/offer')({
  staticData: { titleId: 'title.offer', access: 'public' },
  loader: () => import('@/features/content/queries').then((queries) => queries.loadContentPage('offer')),
  component: () => <DocumentPage document="offer" withPdf />,
});
