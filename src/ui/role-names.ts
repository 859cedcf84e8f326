import type { Role } from '@contract/enums';
import { useIntl } from 'react-intl';

/** Role names in the reader's language, as one list: "Administrator and Redeemer" (SPEC §6). */
export function useRoleNames(): (roles: readonly Role[]) => string {
  const intl = useIntl();
  return (roles) => intl.formatList(roles.map((role) => intl.formatMessage({ id: `role.${role}` })));
}
