import { createFileRoute, useParams } from '@tanstack/react-router';
import { AdminInformationPage } from '@/features/catalogue/admin/information-page';

/** SPEC §2 /admin/products/{id}/technicalInformation. */
export const Route = createFileRoute('/admin/products/$productId/technicalInformation')({
  staticData: { titleId: 'catalogueAdmin.informationTitle', access: { can: 'moderate' } },
  component: InformationRoute,
});

function InformationRoute() {
  const { productId } = useParams({ from: '/admin/products/$productId/technicalInformation' });
  return <AdminInformationPage productId={productId} />;
}
