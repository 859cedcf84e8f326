import { createFileRoute } from '@tanstack/react-router';
import { DefaultLayout } from '@/features/shell/default-layout';

/** The default layout: signed-in pages with header, side menu and footer. */
export const Route = createFileRoute('/_app')({ component: DefaultLayout });
