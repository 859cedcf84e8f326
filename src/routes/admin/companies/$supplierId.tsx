import { createFileRoute, useParams } from '@tanstack/react-router';
import { CompanyDetails } from '@/features/companies/company-details';
import { ReviewPage } from '@/features/moderation/review-page';

/** A company on review: the moderation decision, beside the same details its admins see. */
export const Route = createFileRoute('/admin/companies/$supplierId')({
  loader: ({ params }) => import('@/features/moderation/queries').then((queries) => queries.loadReview(params.supplierId)),
  staticData: { titleId: 'moderation.reviewTitle', access: { can: 'moderate' } },
  component: ReviewRoute,
});

function ReviewRoute() {
  const { supplierId } = useParams({ from: '/admin/companies/$supplierId' });
  return <ReviewPage supplierId={supplierId} details={(info) => <CompanyDetails info={info} />} />;
}
