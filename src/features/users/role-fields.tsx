import { ROLES, type Role } from '@contract/enums';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { CheckboxGroup } from '@/ui/checkbox-group';

/** Roles as form values: one flag each, so that they live in useForm (and its drafts) like any field. */
export type RoleFlags = Record<Role, boolean>;

export const roleFlags = (roles: readonly Role[]): RoleFlags =>
  Object.fromEntries(ROLES.map((role) => [role, roles.includes(role)])) as RoleFlags;

export const checkedRoles = (flags: RoleFlags): Role[] => ROLES.filter((role) => flags[role]);

/**
 * The roles of SPEC §6 as checkboxes, each with what it opens. `keepOne`: the last checked one cannot be
 * unchecked (editing a person, who always keeps a role).
 */
export function RoleCheckboxes(props: {
  flags: RoleFlags;
  onChange: (flags: RoleFlags) => void;
  error?: string | null;
  hint?: ReactNode;
  disabled?: boolean;
  keepOne?: boolean;
  /** A heading above already names the roles. */
  legendHidden?: boolean;
}) {
  const { flags, onChange, error, hint, disabled, keepOne, legendHidden } = props;
  const intl = useIntl();
  const checked = checkedRoles(flags);
  return (
    <CheckboxGroup
      legend={intl.formatMessage({ id: 'users.field.roles' })}
      legendHidden={legendHidden}
      name="roles"
      value={checked}
      onValueChange={(roles) => onChange(roleFlags(roles))}
      options={ROLES.map((role) => ({
        value: role,
        label: intl.formatMessage({ id: `role.${role}` }),
        description: intl.formatMessage({ id: `users.roleHint.${role}` }),
        disabled: keepOne && checked.length === 1 && flags[role],
      }))}
      error={error}
      hint={hint}
      disabled={disabled}
    />
  );
}
