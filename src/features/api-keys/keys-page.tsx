import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { API_BASE } from '@/lib/http';
import { useSupplierId } from '@/lib/queries';
import { Card, mutedText, pageTitle } from '@/ui/layout';
import { SavedMark } from '@/ui/offline';
import { QueryFallback } from '@/ui/page-states';
import { CreateKeyDialog } from './create-dialog';
import { KeyTable } from './key-table';
import { apiKeyListQuery } from './queries';

const page = css({ display: 'flex', flexDirection: 'column', gap: '4', maxWidth: '1100px', width: '100%', mx: 'auto' });
const head = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', justifyContent: 'space-between' });

/**
 * /integrations/keys (issue 32, decision 093): the selected company's API keys for its own registers and systems.
 * A key is created with a name and scopes and shown whole once; the list has its prefix, scopes, creator and times,
 * and revokes it after a confirmation.
 */
export function ApiKeysPage() {
  const intl = useIntl();
  const fullId = useId();
  const supplierId = useSupplierId();
  const list = useQuery({ ...apiKeyListQuery(supplierId ?? ''), enabled: supplierId !== null });
  const data = list.data;
  const full = data ? data.items.length >= data.max : false;

  return (
    <div className={page}>
      <div className={head}>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
          <h1 className={pageTitle}>{intl.formatMessage({ id: 'apiKeys.title' })}</h1>
          {data ? (
            <span className={mutedText} data-testid="api-keys-count">
              {intl.formatMessage({ id: 'apiKeys.count' }, { count: data.items.length, max: data.max })}
            </span>
          ) : null}
        </div>
        {supplierId ? <CreateKeyDialog supplierId={supplierId} disabled={!data || full} describedBy={full ? fullId : undefined} /> : null}
      </div>
      <p className={mutedText}>
        {intl.formatMessage(
          { id: 'apiKeys.intro' },
          {
            docs: (text) => (
              <a href={`${API_BASE}/api/docs`} className={css({ color: 'accentText', textDecoration: 'underline' })}>
                {text}
              </a>
            ),
          },
        )}
      </p>
      {full ? (
        <p id={fullId} className={mutedText} data-testid="api-keys-full">
          {intl.formatMessage({ id: 'apiKeys.full' }, { max: data?.max })}
        </p>
      ) : null}
      <SavedMark updatedAt={list.dataUpdatedAt || undefined} />
      <QueryFallback queries={[list]} />
      {data && data.items.length === 0 ? (
        <Card className={css({ alignItems: 'flex-start' })} data-testid="api-keys-empty">
          <p>{intl.formatMessage({ id: 'apiKeys.empty' })}</p>
        </Card>
      ) : null}
      {data && supplierId && data.items.length > 0 ? <KeyTable items={data.items} supplierId={supplierId} /> : null}
    </div>
  );
}
