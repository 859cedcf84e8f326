import { createFileRoute } from '@tanstack/react-router';
import { AddUserPage } from '@/features/users/add-page';

/** SPEC §2 /users/add: a new person for the selected company, for its admins. */
export const Route = createFileRoute('/_app/users/add')({
  staticData: { titleId: 'users.add.title', access: { can: 'manageUsers', company: true } },
  component: AddUserPage,
});
