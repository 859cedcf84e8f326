import { createFileRoute, useParams } from '@tanstack/react-router';
import { AdminDenominationsPage } from '@/features/catalogue/admin/denominations-page';

/** SPEC §2 /admin/products/{id}/denominations. */
export const Route = createFileRoute('/admin/products/$productId/denominations')({
  staticData: { titleId: 'catalogueAdmin.denominationsTitle', access: { can: 'moderate' } },
  component: DenominationsRoute,
});

function DenominationsRoute() {
  const { productId } = useParams({ from: '/admin/products/$productId/denominations' });
  return <AdminDenominationsPage productId={productId} />;
}
