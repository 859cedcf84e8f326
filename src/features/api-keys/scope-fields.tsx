import { API_KEY_SCOPES, type ApiKeyScope } from '@contract/api-keys';
import { useIntl } from 'react-intl';
import { CheckboxGroup } from '@/ui/checkbox-group';

/** Scopes as form values: one flag each, so that they live in useForm (and its drafts) like any field. */
export type ScopeFlags = Record<ApiKeyScope, boolean>;

export const scopeFlags = (scopes: readonly ApiKeyScope[]): ScopeFlags =>
  Object.fromEntries(API_KEY_SCOPES.map((scope) => [scope, scopes.includes(scope)])) as ScopeFlags;

export const checkedScopes = (flags: ScopeFlags): ApiKeyScope[] => API_KEY_SCOPES.filter((scope) => flags[scope]);

/** What a key may do, as checkboxes, each with what it allows. */
export function ScopeCheckboxes({
  flags,
  onChange,
  error,
}: {
  flags: ScopeFlags;
  onChange: (flags: ScopeFlags) => void;
  error?: string | null;
}) {
  const intl = useIntl();
  return (
    <CheckboxGroup
      legend={intl.formatMessage({ id: 'apiKeys.field.scopes' })}
      name="scopes"
      value={checkedScopes(flags)}
      onValueChange={(scopes) => onChange(scopeFlags(scopes))}
      options={API_KEY_SCOPES.map((scope) => ({
        value: scope,
        label: intl.formatMessage({ id: `apiKeys.scope.${scope}` }),
        description: intl.formatMessage({ id: `apiKeys.scopeHint.${scope}` }),
      }))}
      error={error}
    />
  );
}
