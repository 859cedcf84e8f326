import { createFileRoute } from '@tanstack/react-router';
import { DefaultLayout } from '@/features/shell/default-layout';
import { guardSignedIn } from './-guard';

/** The default layout: signed-in pages with header, side menu and footer. */
export const Route = createFileRoute('/_app')({
  beforeLoad: (options): Promise<void> => guardSignedIn(options),
  component: DefaultLayout,
});
