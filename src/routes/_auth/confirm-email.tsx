import { createFileRoute } from '@tanstack/react-router';
import { ConfirmEmailPage } from '@/features/auth/confirm-pages';

export const Route = createFileRoute('/_auth/confirm-email')({ staticData: { titleId: 'title.confirmEmail' }, component: ConfirmEmailPage });
