import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { API_BASE } from '@/lib/http';
import { useSupplierId } from '@/lib/queries';
import { mutedText } from '@/ui/layout';
import { PagedList } from '@/ui/paged-list';
import { CreateKeyDialog } from './create-dialog';
import { KEY_COLUMNS, KeyRow } from './key-table';
import { apiKeyListQuery } from './queries';

/**
 * /integrations/keys (issue 32, decision 093): the selected company's API keys for its own registers and systems, on
 * the one list page (src/ui/paged-list.tsx). A key is created with a name and scopes and shown whole once; the list has
 * its prefix, scopes, creator and times, and revokes it after a confirmation.
 */
export function ApiKeysPage() {
  const intl = useIntl();
  const fullId = useId();
  const supplierId = useSupplierId();
  const list = useQuery({ ...apiKeyListQuery(supplierId ?? ''), enabled: supplierId !== null });
  const data = list.data;
  const full = data ? data.items.length >= data.max : false;
  return (
    <PagedList
      // Every active key on one page: at most `max` of them.
      query={{ ...list, data: data && { items: data.items, total: data.items.length, page: 1, pageSize: data.max } }}
      testId="api-keys"
      title="apiKeys.title"
      count="apiKeys.count"
      countValues={{ count: data?.items.length ?? 0, max: data?.max ?? 0 }}
      intro="apiKeys.intro"
      introValues={{
        docs: (text) => (
          <a href={`${API_BASE}/api/docs`} className={css({ color: 'accentText', textDecoration: 'underline' })}>
            {text}
          </a>
        ),
      }}
      action={
        supplierId ? <CreateKeyDialog supplierId={supplierId} disabled={!data || full} describedBy={full ? fullId : undefined} /> : null
      }
      notice={
        full ? (
          <p id={fullId} className={mutedText} data-testid="api-keys-full">
            {intl.formatMessage({ id: 'apiKeys.full' }, { max: data?.max })}
          </p>
        ) : null
      }
      empty="apiKeys.empty"
      columns={KEY_COLUMNS}
      row={(item) => (supplierId ? <KeyRow key={item.id} item={item} supplierId={supplierId} /> : null)}
      rowsTestId="api-key-table"
      rowsLabel={intl.formatMessage({ id: 'apiKeys.title' })}
    />
  );
}
