import { createFileRoute } from '@tanstack/react-router';
import { DocumentPage } from '@/features/content/document-page';

/** SPEC §2 /contacts: the Spanish company's contacts (the footer links it on the es site only). */
export const Route = createFileRoute('/_public/contacts')({
  staticData: { titleId: 'title.contacts', access: 'public' },
  loader: () => import('@/features/content/queries').then((queries) => queries.loadContentPage('contacts')),
  component: () => <DocumentPage document="contacts" withPdf={false} />,
});
