import { createFileRoute } from '@tanstack/react-router';
import { RedemptionPage } from '@/features/redemption/redemption-page';

/** Any member of the selected company may check; the page shows the redeem form only to redeemers and admins. */
export const Route = createFileRoute('/_app/redemption')({
  staticData: { titleId: 'redemption.title', access: { can: 'checkCertificates', company: true }, menu: 'redemption', messages: 'portal' },
  component: RedemptionPage,
});
