import { createFileRoute, useParams } from '@tanstack/react-router';
import { ProductDetailsPage } from '@/features/catalogue/details-page';
import { CATALOGUE_ACCESS } from './-search';

/** SPEC §2 /certificates/{productId}: one product of the selected company (anyone else's is "not found"). */
export const Route = createFileRoute('/_app/certificates/$productId')({
  loader: ({ params }) => import('@/features/catalogue/queries').then((queries) => queries.loadProduct(params.productId)),
  staticData: { titleId: 'catalogue.details.title', access: CATALOGUE_ACCESS },
  component: DetailsRoute,
});

function DetailsRoute() {
  const { productId } = useParams({ from: '/_app/certificates/$productId' });
  return <ProductDetailsPage productId={productId} />;
}
