import { editWebhookBody } from '@contract/schemas/webhooks';
import type { WebhookDeliveryView, WebhookEndpointView } from '@contract/webhooks';
import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useFailureText } from '@/lib/i18n';
import { useOnline } from '@/lib/online';
import { useSupplierId } from '@/lib/queries';
import { showToast } from '@/lib/toast';
import { Button, button } from '@/ui/button';
import { ConfirmedAction } from '@/ui/confirmed-action';
import { DetailList } from '@/ui/detail-list';
import { Form } from '@/ui/form';
import { Alert, Card, mutedText, pageTitle, sectionTitle } from '@/ui/layout';
import { listRow, listTable } from '@/ui/list-table';
import { QueryFallback } from '@/ui/page-states';
import { Pagination } from '@/ui/pagination';
import { EndpointFields, eventsOf, useEndpointForm } from './endpoint-fields';
import { DeliveryStatusBadge, EndpointStatusBadge, useEventLabel } from './labels';
import {
  deliveriesQuery,
  useDeleteWebhook,
  useEditWebhook,
  useResendDelivery,
  useRotateSecret,
  useSendTestEvent,
  useSetWebhookStatus,
  webhookQuery,
} from './queries';
import { SecretNotice } from './secret';

const page = css({ display: 'flex', flexDirection: 'column', gap: '4', maxWidth: '1100px', width: '100%', mx: 'auto' });
const cards = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', lg: '1fr 1fr' }, alignItems: 'start' });
const cardBody = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const buttons = css({ display: 'flex', flexWrap: 'wrap', gap: '3' });
const rowStyle = css(listRow, { display: { base: 'flex', md: 'table-row' }, flexWrap: 'wrap', gap: '1 4' });
const figure = css({ fontVariantNumeric: 'tabular-nums' });
const phoneLabel = css({ display: { base: 'inline', md: 'none' }, color: 'muted', fontSize: 'sm', mr: '1' });
const payload = css({ fontFamily: 'mono', fontSize: 'xs', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: '100%' });

type Props = { endpoint: WebhookEndpointView; supplierId: string };

/** State, enable/disable, the test event, the secret's rotation and deleting. */
function StatusCard({ endpoint, supplierId }: Props) {
  const intl = useIntl();
  const navigate = useNavigate();
  const failureText = useFailureText();
  const online = useOnline();
  const setStatus = useSetWebhookStatus();
  const sendTest = useSendTestEvent();
  const rotate = useRotateSecret();
  const remove = useDeleteWebhook();
  const [secret, setSecret] = useState<string | null>(null);
  const ids = { supplierId, endpointId: endpoint.id };
  const enabled = endpoint.status === 'enabled';
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  const closeLabel = intl.formatMessage({ id: 'action.close' });
  const cancelLabel = intl.formatMessage({ id: 'webhooks.cancel' });

  const toggle = () =>
    setStatus.mutate(
      { ...ids, status: enabled ? 'disabled' : 'enabled' },
      {
        onSuccess: () =>
          showToast({ tone: 'success', messageId: enabled ? 'webhooks.disabled.toast' : 'webhooks.enabled.toast', lifeMs: 5000 }),
      },
    );
  const test = () =>
    sendTest.mutate(ids, { onSuccess: () => showToast({ tone: 'success', messageId: 'webhooks.test.sent', lifeMs: 5000 }) });

  return (
    <Card className={cardBody}>
      <h2 className={sectionTitle}>{intl.formatMessage({ id: 'webhooks.state.title' })}</h2>
      <DetailList
        rows={[
          [intl.formatMessage({ id: 'webhooks.column.status' }), <EndpointStatusBadge key="status" endpoint={endpoint} />],
          [
            intl.formatMessage({ id: 'webhooks.field.url' }),
            <span key="url" className={css({ overflowWrap: 'anywhere' })}>
              {endpoint.url}
            </span>,
          ],
          [intl.formatMessage({ id: 'webhooks.created' }), date(endpoint.createdAt)],
          ...(endpoint.previousSecretUntil
            ? [[intl.formatMessage({ id: 'webhooks.secret.previousUntil' }), date(endpoint.previousSecretUntil)] as [string, string]]
            : []),
        ]}
      />
      {endpoint.disabledReason === 'failures' ? (
        <Alert tone="error">{intl.formatMessage({ id: 'webhooks.disabledFailures.text' })}</Alert>
      ) : null}
      {setStatus.error ? <Alert tone="error">{failureText(setStatus.error)}</Alert> : null}
      {sendTest.error ? <Alert tone="error">{failureText(sendTest.error)}</Alert> : null}
      {secret ? <SecretNotice secret={secret} rotated /> : null}
      <div className={buttons}>
        <Button
          tone={enabled ? 'secondary' : 'primary'}
          disabled={setStatus.isPending || !online}
          onClick={toggle}
          data-testid="webhook-toggle"
        >
          {intl.formatMessage({ id: enabled ? 'webhooks.disable' : 'webhooks.enable' })}
        </Button>
        <Button tone="secondary" disabled={!enabled || sendTest.isPending || !online} onClick={test} data-testid="webhook-send-test">
          {intl.formatMessage({ id: 'webhooks.test.send' })}
        </Button>
      </div>
      <div className={buttons}>
        <ConfirmedAction
          label={intl.formatMessage({ id: 'webhooks.rotate.action' })}
          title={intl.formatMessage({ id: 'webhooks.rotate.title' })}
          description={intl.formatMessage({ id: 'webhooks.rotate.text' })}
          cancelLabel={cancelLabel}
          closeLabel={closeLabel}
          testId="webhook-rotate"
          mutation={{
            ...rotate,
            mutateAsync: async () => setSecret((await rotate.mutateAsync(ids)).secret),
          }}
          onDone={() => undefined}
        />
        <ConfirmedAction
          label={intl.formatMessage({ id: 'webhooks.delete.action' })}
          title={intl.formatMessage({ id: 'webhooks.delete.title' })}
          description={intl.formatMessage({ id: 'webhooks.delete.text' })}
          cancelLabel={cancelLabel}
          closeLabel={closeLabel}
          testId="webhook-delete"
          mutation={{ ...remove, mutateAsync: () => remove.mutateAsync(ids) }}
          onDone={async () => {
            showToast({ tone: 'success', messageId: 'webhooks.delete.done', lifeMs: 5000 });
            await navigate({ to: '/integrations/webhooks' });
          }}
        />
      </div>
    </Card>
  );
}

/** The events and the description; the address is fixed (a new address is a new endpoint, with its own secret). */
function SettingsCard({ endpoint, supplierId }: Props) {
  const intl = useIntl();
  const online = useOnline();
  const edit = useEditWebhook();
  const form = useEndpointForm(endpoint);
  const onSubmit = () =>
    form.submit(
      editWebhookBody,
      { supplierId, endpointId: endpoint.id, description: form.values.description, events: eventsOf(form.values.events) },
      async (body) => {
        await edit.mutateAsync(body);
        showToast({ tone: 'success', messageId: 'webhooks.saved', lifeMs: 5000 });
      },
    );
  return (
    <Card className={cardBody}>
      <h2 className={sectionTitle}>{intl.formatMessage({ id: 'webhooks.settings.title' })}</h2>
      <Form onSubmit={onSubmit} failure={form.formError} data-testid="webhook-settings">
        <EndpointFields form={form} />
        <div>
          <Button type="submit" disabled={form.submitting || !online} data-testid="webhook-save">
            {intl.formatMessage({ id: 'action.save' })}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

/** One delivery: when, what, its state, the reply, how long, how many tries; the body sent, and "send again". */
function DeliveryRow({ delivery, endpoint, supplierId }: Props & { delivery: WebhookDeliveryView }) {
  const intl = useIntl();
  const label = useEventLabel();
  const online = useOnline();
  const failureText = useFailureText();
  const resend = useResendDelivery();
  const t = (id: 'webhooks.log.reply' | 'webhooks.log.duration' | 'webhooks.log.attempts') => intl.formatMessage({ id });
  const at = delivery.lastAttemptAt ?? delivery.createdAt;
  return (
    <tr className={rowStyle} data-testid="delivery-row" data-status={delivery.status} data-type={delivery.type}>
      <td className={css({ minWidth: 0, flexBasis: '100%' })}>
        <div className={css({ fontWeight: 'medium' })}>{label(delivery.type)}</div>
        <time dateTime={at} className={css({ color: 'muted', fontSize: 'sm' })}>
          {intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'medium' })}
        </time>
        {delivery.error ? <div className={css({ color: 'danger', fontSize: 'sm', overflowWrap: 'anywhere' })}>{delivery.error}</div> : null}
        <details className={css({ mt: '1' })}>
          <summary className={css({ cursor: 'pointer', fontSize: 'sm', color: 'accentText' })}>
            {intl.formatMessage({ id: 'webhooks.log.body' })}
          </summary>
          <pre className={payload}>{delivery.payload}</pre>
        </details>
      </td>
      <td>
        <DeliveryStatusBadge status={delivery.status} />
      </td>
      <td className={figure}>
        <span className={phoneLabel}>{t('webhooks.log.reply')}</span>
        <span data-testid="delivery-reply">{delivery.responseStatus ?? '—'}</span>
      </td>
      <td className={figure}>
        <span className={phoneLabel}>{t('webhooks.log.duration')}</span>
        {delivery.durationMs === null ? '—' : intl.formatMessage({ id: 'webhooks.log.ms' }, { ms: delivery.durationMs })}
      </td>
      <td className={figure}>
        <span className={phoneLabel}>{t('webhooks.log.attempts')}</span>
        {intl.formatNumber(delivery.attempts)}
      </td>
      <td>
        {delivery.status === 'pending' ? null : (
          <Button
            tone="secondary"
            disabled={endpoint.status !== 'enabled' || resend.isPending || !online}
            onClick={() =>
              resend.mutate(
                { supplierId, endpointId: endpoint.id, deliveryId: delivery.id },
                { onSuccess: () => showToast({ tone: 'success', messageId: 'webhooks.resend.done', lifeMs: 5000 }) },
              )
            }
            data-testid="delivery-resend"
          >
            {intl.formatMessage({ id: 'webhooks.resend' })}
          </Button>
        )}
        {resend.error ? <div className={css({ color: 'danger', fontSize: 'sm' })}>{failureText(resend.error)}</div> : null}
      </td>
    </tr>
  );
}

function DeliveryLog({ endpoint, supplierId }: Props) {
  const intl = useIntl();
  const [pageNumber, setPage] = useState(1);
  const log = useQuery(deliveriesQuery(supplierId, endpoint.id, pageNumber));
  const data = log.data;
  return (
    <Card className={cardBody}>
      <h2 className={sectionTitle}>{intl.formatMessage({ id: 'webhooks.log.title' })}</h2>
      <QueryFallback queries={[log]} />
      {data && data.total === 0 ? <p className={mutedText}>{intl.formatMessage({ id: 'webhooks.log.empty' })}</p> : null}
      {data && data.items.length > 0 ? (
        <table className={listTable.md} aria-busy={log.isPlaceholderData} data-testid="delivery-log">
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage({ id: 'webhooks.log.event' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'webhooks.column.status' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'webhooks.log.reply' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'webhooks.log.duration' })}</th>
              <th scope="col">{intl.formatMessage({ id: 'webhooks.log.attempts' })}</th>
              <th scope="col">
                <span className={css({ srOnly: true })}>{intl.formatMessage({ id: 'webhooks.log.actions' })}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((delivery) => (
              <DeliveryRow key={delivery.id} delivery={delivery} endpoint={endpoint} supplierId={supplierId} />
            ))}
          </tbody>
        </table>
      ) : null}
      {data && data.total > data.pageSize ? (
        <Pagination
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          onPageChange={setPage}
          label={intl.formatMessage({ id: 'webhooks.log.pagination' })}
        />
      ) : null}
    </Card>
  );
}

/** /integrations/webhooks/{id} (decision 094): one endpoint of the selected company (anyone else's is "not found"). */
export function EndpointPage({ endpointId }: { endpointId: string }) {
  const intl = useIntl();
  const supplierId = useSupplierId();
  const endpoint = useQuery({ ...webhookQuery(supplierId ?? '', endpointId), enabled: supplierId !== null });
  const data = endpoint.data;
  return (
    <div className={page}>
      <h1 className={`${pageTitle} ${css({ overflowWrap: 'anywhere' })}`} data-testid="webhook-title">
        {data ? data.description || data.url : intl.formatMessage({ id: 'webhooks.details.title' })}
      </h1>
      <QueryFallback queries={[endpoint]} />
      {data && supplierId ? (
        <>
          <div className={cards}>
            <StatusCard endpoint={data} supplierId={supplierId} />
            <SettingsCard key={data.id} endpoint={data} supplierId={supplierId} />
          </div>
          <DeliveryLog endpoint={data} supplierId={supplierId} />
        </>
      ) : null}
      <div>
        <Link to="/integrations/webhooks" className={button({ tone: 'ghost' })}>
          {intl.formatMessage({ id: 'webhooks.backToList' })}
        </Link>
      </div>
    </div>
  );
}
