import { createFileRoute, useParams } from '@tanstack/react-router';
import { UserDetailsPage } from '@/features/users/details-page';

/** SPEC §2 /users/user/{id}: one person of the selected company, for its admins (anyone else is "not found"). */
export const Route = createFileRoute('/_app/users/user/$id')({
  loader: ({ params }) => import('@/features/users/queries').then((queries) => queries.loadMember(params.id)),
  staticData: { titleId: 'users.details.title', access: { can: 'manageUsers', company: true } },
  component: DetailsRoute,
});

function DetailsRoute() {
  const { id } = useParams({ from: '/_app/users/user/$id' });
  return <UserDetailsPage userId={id} />;
}
