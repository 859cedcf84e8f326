import { createFileRoute, useParams } from '@tanstack/react-router';
import { AdminProductMainPage } from '@/features/catalogue/admin/main-page';

/** SPEC §2 /admin/products/{id}: characteristics, the admin fields, and the terms and images to review. */
export const Route = createFileRoute('/admin/products/$productId/')({
  staticData: { titleId: 'catalogueAdmin.productTitle', access: { can: 'moderate' } },
  component: MainRoute,
});

function MainRoute() {
  const { productId } = useParams({ from: '/admin/products/$productId/' });
  return <AdminProductMainPage productId={productId} />;
}
