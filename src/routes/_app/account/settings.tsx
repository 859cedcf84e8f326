import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '@/features/account/settings-page';

export const Route = createFileRoute('/_app/account/settings')({
  staticData: { titleId: 'title.settings', access: 'signedIn', menu: 'settings' },
  component: SettingsPage,
});
