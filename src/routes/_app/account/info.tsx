import { createFileRoute } from '@tanstack/react-router';
import { InfoPage } from '@/features/account/info-page';

export const Route = createFileRoute('/_app/account/info')({
  staticData: { titleId: 'title.info', access: 'signedIn' },
  component: InfoPage,
});
