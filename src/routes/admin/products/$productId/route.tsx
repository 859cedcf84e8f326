import { createFileRoute, Outlet, useParams } from '@tanstack/react-router';
import { AdminProductLayout } from '@/features/catalogue/admin/product-layout';

/** A product under moderation: its three pages share the header, the tabs, the moderation panel and the history. */
export const Route = createFileRoute('/admin/products/$productId')({
  loader: ({ params }) => import('@/features/catalogue/admin/queries').then((queries) => queries.loadAdminProduct(params.productId)),
  component: ProductRoute,
});

function ProductRoute() {
  const { productId } = useParams({ from: '/admin/products/$productId' });
  return (
    <AdminProductLayout productId={productId}>
      <Outlet />
    </AdminProductLayout>
  );
}
