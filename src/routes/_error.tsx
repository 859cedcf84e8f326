import { createFileRoute } from '@tanstack/react-router';
import { ErrorLayout } from '@/features/shell/error-layout';

export const Route = createFileRoute('/_error')({ component: ErrorLayout });
