import type { ApiKeyView } from '@contract/api-keys';
import { css } from '@styled/css';
import { useIntl } from 'react-intl';
import { showToast } from '@/lib/toast';
import { ConfirmedAction } from '@/ui/confirmed-action';
import { listRow } from '@/ui/list-table';
import type { ListColumn } from '@/ui/paged-list';
import { useRevokeApiKey } from './queries';

const rowStyle = css(listRow, {
  display: { base: 'flex', md: 'table-row' },
  flexDirection: 'column',
  gap: '2',
  // Nothing to open: a row only holds its revoke button.
  cursor: 'default',
  _hover: { bg: 'surface' },
});
const prefix = css({ fontFamily: 'mono', fontSize: 'sm', color: 'muted', overflowWrap: 'anywhere' });
const phoneLabel = css({ display: { base: 'inline', md: 'none' }, color: 'muted', fontSize: 'sm', mr: '1' });
const muted = css({ color: 'muted', fontSize: 'sm' });

/** The list's columns (src/ui/paged-list.tsx): name and prefix, scopes, who created it and when, last use, revoke. */
export const KEY_COLUMNS = [
  { id: 'apiKeys.column.name' },
  { id: 'apiKeys.column.scopes' },
  { id: 'apiKeys.column.created' },
  { id: 'apiKeys.column.lastUsed' },
  { id: 'apiKeys.column.actions', srOnly: true },
] as const satisfies readonly ListColumn[];

/** One active key of the company. */
export function KeyRow({ item, supplierId }: { item: ApiKeyView; supplierId: string }) {
  const intl = useIntl();
  const t = (id: 'apiKeys.column.scopes' | 'apiKeys.column.created' | 'apiKeys.column.lastUsed') => intl.formatMessage({ id });
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <tr className={rowStyle} data-testid="api-key-row" data-key-id={item.id}>
      <td>
        <div className={css({ fontWeight: 'semibold', overflowWrap: 'anywhere' })}>{item.name}</div>
        <div className={prefix} data-testid="api-key-prefix">
          {item.prefix}…
        </div>
      </td>
      <td>
        <span className={phoneLabel}>{t('apiKeys.column.scopes')}</span>
        {item.scopes.map((scope) => intl.formatMessage({ id: `apiKeys.scope.${scope}` })).join(', ')}
      </td>
      <td>
        <span className={phoneLabel}>{t('apiKeys.column.created')}</span>
        <time dateTime={item.createdAt}>{date(item.createdAt)}</time>
        {item.createdBy ? <div className={muted}>{item.createdBy.name || item.createdBy.email}</div> : null}
      </td>
      <td>
        <span className={phoneLabel}>{t('apiKeys.column.lastUsed')}</span>
        {item.lastUsedAt ? (
          <time dateTime={item.lastUsedAt}>{date(item.lastUsedAt)}</time>
        ) : (
          intl.formatMessage({ id: 'apiKeys.neverUsed' })
        )}
      </td>
      <td>
        <RevokeAction item={item} supplierId={supplierId} />
      </td>
    </tr>
  );
}

/** Revoke, after a confirmation: the key's next call is refused, which cannot be undone. */
function RevokeAction({ item, supplierId }: { item: ApiKeyView; supplierId: string }) {
  const intl = useIntl();
  const revoke = useRevokeApiKey();
  return (
    <ConfirmedAction
      label={intl.formatMessage({ id: 'apiKeys.revoke' })}
      title={intl.formatMessage({ id: 'apiKeys.revoke.title' }, { name: item.name })}
      description={intl.formatMessage({ id: 'apiKeys.revoke.text' }, { prefix: item.prefix })}
      cancelLabel={intl.formatMessage({ id: 'apiKeys.cancel' })}
      closeLabel={intl.formatMessage({ id: 'action.close' })}
      testId="api-key-revoke"
      mutation={{ ...revoke, mutateAsync: () => revoke.mutateAsync({ supplierId, keyId: item.id }) }}
      onDone={() => showToast({ tone: 'success', messageId: 'apiKeys.revoke.done', values: { name: item.name }, lifeMs: 6000 })}
    />
  );
}
